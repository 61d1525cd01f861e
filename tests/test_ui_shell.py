"""The table app's plumbing: routes, the host key, the wizard's draft, the composed server."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from companion.rules.catalog import CARDS_PER_ESTATE_IN_PLAY, Building, Estate, PlayerColour
from companion.rules.errors import RuleViolation
from companion.rules.setup import SelectionMethod, setup_code
from companion.server.app import PhonesOnFirstUse, build_app, port_free
from companion.server.config import TableConfig, load_or_create_host_key
from companion.server.games import OpenGames
from companion.store.db import GameStore
from companion.ui import routes
from companion.ui.setup.draft import SetupDraft
from companion.ui.shell import split_route


def test_routes_name_their_parameters() -> None:
    match = routes.resolve("/game/abc123")
    assert match is not None and match.params == {"game_id": "abc123"}
    assert routes.resolve("/")
    assert routes.resolve("/nowhere") is None


def test_routes_match_with_flets_templates_every_parameter_and_a_trailing_slash() -> None:
    match = routes.resolve("/game/abc123/private/2/")
    assert match is not None and match.params == {"game_id": "abc123", "seat": "2"}
    assert match.template == "/game/:game_id/private/:seat"
    assert routes.resolve("/game/abc123/private") is None


def test_every_route_points_at_a_screen_that_exists() -> None:
    for template, _ in routes.ROUTES:
        match = routes.resolve(template.replace(":game_id", "x"))
        assert match is not None and callable(match.screen), template


def test_the_key_is_read_from_the_route_and_the_path_kept() -> None:
    assert split_route("/?key=abc") == ("/", {"key": "abc"})
    assert split_route("/setup/players") == ("/setup/players", {})


def test_host_key_survives_a_restart_and_only_the_owner_reads_it(tmp_path: Path) -> None:
    first = load_or_create_host_key(tmp_path)
    assert load_or_create_host_key(tmp_path) == first
    mode = stat.S_IMODE((tmp_path / "table-key").stat().st_mode)
    assert mode == 0o600


def test_only_the_exact_key_makes_a_browser_the_table(tmp_path: Path) -> None:
    config = TableConfig(data_dir=tmp_path, host_key="k" * 32)
    assert config.is_host_key("k" * 32)
    assert not config.is_host_key("k" * 31)
    assert not config.is_host_key(None)
    assert not config.is_host_key("")
    assert config.table_url.endswith("/?key=" + "k" * 32)


def _draft(*names: str) -> SetupDraft:
    draft = SetupDraft(seed=1234)
    for name in names:
        draft.add_player(name)
    return draft


def test_new_players_get_distinct_colours_and_at_most_five_join() -> None:
    draft = _draft("Anna", "Ben", "Carla", "Dora", "Emil", "Fritz")
    assert len(draft.players) == 5
    assert len({p.colour for p in draft.players}) == 5


def test_taking_a_colour_swaps_it_with_its_owner() -> None:
    draft = _draft("Anna", "Ben")
    ben_had = draft.players[1].colour
    draft.set_colour(0, ben_had)
    assert draft.players[0].colour is ben_had
    assert draft.players[1].colour is PlayerColour.RED


def test_the_draft_refuses_a_nameless_player_with_the_rule_id() -> None:
    # R-SETUP-1: every player needs a name.
    with pytest.raises(RuleViolation) as caught:
        _draft("Anna", "").setup()
    assert caught.value.rule == "R-SETUP-1"


def test_choosing_buildings_keeps_five_cards_per_estate() -> None:
    # R-SETUP-2 (a): 5 cards per estate, the two buildings of an estate share them.
    draft = _draft("Anna", "Ben")
    draft.method = SelectionMethod.CHOSEN
    draft.set_manual(Building.BREWERY, 2)
    draft.set_manual(Building.WATCHTOWER, 9)
    setup = draft.setup()
    assert setup.copies(Building.BREWERY) == 2 and setup.copies(Building.FARM) == 3
    assert setup.copies(Building.WATCHTOWER) == CARDS_PER_ESTATE_IN_PLAY
    assert setup.copies(Building.CASTLE) == 0
    assert len(setup.buildings) == CARDS_PER_ESTATE_IN_PLAY * len(Estate)


def test_drawing_again_changes_the_seed_and_nothing_else() -> None:
    # R-SETUP-2 (b): a new draw is a new seed.
    draft = _draft("Anna", "Ben", "Carla")
    draft.method = SelectionMethod.ONE_PER_ESTATE
    before = draft.seed
    draft.reshuffle()
    assert draft.seed != before  # a repeat is a 1 in 16 million chance
    assert draft.method is SelectionMethod.ONE_PER_ESTATE
    assert [p.name for p in draft.players] == ["Anna", "Ben", "Carla"]


def test_a_setup_code_brings_another_devices_choices() -> None:
    # R-SETUP-2: the code reproduces the setup for the same players.
    source = _draft("Anna", "Ben", "Carla")
    source.method = SelectionMethod.MIXED_PER_ESTATE
    source.start_player = 2
    code = setup_code(source.setup())
    other = _draft("Anna", "Ben", "Carla")
    other.apply_code(code)
    assert other.setup() == source.setup()


def test_a_code_for_another_number_of_players_is_refused() -> None:
    code = setup_code(_draft("Anna", "Ben", "Carla").setup())
    draft = _draft("Anna", "Ben")
    with pytest.raises(RuleViolation) as caught:
        draft.apply_code(code)
    assert caught.value.rule == "R-SETUP-1"
    assert draft.method is SelectionMethod.FIRST_GAME


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    from companion.phones.hub import Hub
    from companion.phones.seats import SeatRegistry

    store = GameStore.open(tmp_path)
    games = OpenGames(store, SeatRegistry.in_data_dir(tmp_path))
    config = TableConfig(data_dir=tmp_path, host_key="k" * 32)
    assert games.seats is not None
    hub = Hub(registry=games.seats, open_session=games.session, base_url=config.base_url,
              host_key=config.host_key)
    return TestClient(build_app(config, games, PhonesOnFirstUse(hub)))


def test_the_page_served_carries_the_offline_guard_and_local_canvaskit(client: TestClient
                                                                       ) -> None:
    page = client.get("/").text
    assert "offline/rive_native.js" in page
    assert 'flet.canvasKitBaseUrl="/canvaskit/"' in page
    assert "flet.noCdn=true" in page


def test_fonts_and_the_stand_in_are_served_locally(client: TestClient) -> None:
    assert client.get("/fonts/DejaVuSans.ttf").status_code == 200
    assert client.get("/offline/rive_native.js").status_code == 200
    manifest = client.get("/assets/FontManifest.json").json()
    assert "KaTeX" not in str(manifest)


def test_api_pages_that_would_load_a_cdn_are_gone(client: TestClient) -> None:
    assert "swagger" not in client.get("/docs").text.lower()


def test_phone_pages_are_mounted_before_the_flet_client(client: TestClient) -> None:
    response = client.get("/phone/join/not-a-token")
    assert "flutter_bootstrap.js" not in response.text


def test_a_busy_port_is_noticed(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        assert not port_free("127.0.0.1", busy.getsockname()[1])
