"""Seats: a phone earns a player's seat by scanning that seat's QR code once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.phones.limits import FailureLimiter, TooManyAttempts
from companion.phones.seats import (
    TOKEN_TTL_SECONDS,
    BadSeat,
    InvalidToken,
    SeatPaired,
    SeatRegistry,
    TokenAlreadyUsed,
    UnknownDevice,
)


class FakeClock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def registry(clock: FakeClock) -> SeatRegistry:
    return SeatRegistry(clock=clock)


def test_anna_scans_her_code_and_her_phone_speaks_for_her_seat(registry: SeatRegistry) -> None:
    token = registry.issue_token("g1", 2)
    claim = registry.claim(token)
    assert (claim.game, claim.seat) == ("g1", 2)
    assert registry.authenticate(claim.device_secret) == ("g1", 2)


def test_tokens_and_device_secrets_carry_at_least_128_random_bits(
        registry: SeatRegistry) -> None:
    tokens = {registry.issue_token("g1", seat) for seat in range(5)}
    assert len(tokens) == 5
    # token_urlsafe(32): 32 random bytes = 256 bits, 43 url-safe characters
    assert all(len(token) >= 43 for token in tokens)
    claim = registry.claim(tokens.pop())
    assert len(claim.device_secret) >= 43


def test_a_second_phone_scanning_the_same_code_is_refused(registry: SeatRegistry) -> None:
    token = registry.issue_token("g1", 0)
    first = registry.claim(token)
    with pytest.raises(TokenAlreadyUsed):
        registry.claim(token)
    assert registry.authenticate(first.device_secret) == ("g1", 0)


def test_showing_the_code_again_invalidates_the_earlier_unclaimed_one(
        registry: SeatRegistry) -> None:
    photographed = registry.issue_token("g1", 1)
    fresh = registry.issue_token("g1", 1)
    with pytest.raises(InvalidToken):
        registry.claim(photographed)
    assert registry.claim(fresh).seat == 1


def test_a_code_left_on_screen_expires(registry: SeatRegistry, clock: FakeClock) -> None:
    token = registry.issue_token("g1", 0)
    clock.now += TOKEN_TTL_SECONDS + 1
    with pytest.raises(InvalidToken):
        registry.claim(token)
    assert not registry.status("g1", 1)[0].paired


@pytest.mark.parametrize("forged", ["", "x", "A" * 43, "A" * 500, None, 12345])
def test_forged_tokens_are_refused_and_change_nothing(registry: SeatRegistry,
                                                      forged: object) -> None:
    token = registry.issue_token("g1", 0)
    with pytest.raises(InvalidToken):
        registry.claim(forged)
    assert registry.claim(token).seat == 0


def test_a_paired_seat_shows_no_new_code_until_the_table_releases_it(
        registry: SeatRegistry) -> None:
    registry.claim(registry.issue_token("g1", 3))
    with pytest.raises(SeatPaired):
        registry.issue_token("g1", 3)


def test_releasing_a_lost_phone_locks_the_old_device_out(registry: SeatRegistry) -> None:
    lost = registry.claim(registry.issue_token("g1", 0))
    registry.release("g1", 0)
    with pytest.raises(UnknownDevice):
        registry.authenticate(lost.device_secret)
    new_phone = registry.claim(registry.issue_token("g1", 0))
    assert registry.authenticate(new_phone.device_secret) == ("g1", 0)
    with pytest.raises(UnknownDevice):
        registry.authenticate(lost.device_secret)


def test_the_released_seats_old_code_cannot_be_replayed(registry: SeatRegistry) -> None:
    token = registry.issue_token("g1", 0)
    registry.claim(token)
    registry.release("g1", 0)
    with pytest.raises(InvalidToken):
        registry.claim(token)


def test_release_tells_listeners_so_open_streams_can_end(registry: SeatRegistry) -> None:
    heard: list[tuple[str, int]] = []
    unsubscribe = registry.on_release(lambda game, seat: heard.append((game, seat)))
    registry.release("g1", 4)
    unsubscribe()
    registry.release("g1", 3)
    assert heard == [("g1", 4)]


def test_one_phone_secret_never_opens_another_game(registry: SeatRegistry) -> None:
    mine = registry.claim(registry.issue_token("monday", 0))
    registry.claim(registry.issue_token("tuesday", 0))
    assert registry.authenticate(mine.device_secret) == ("monday", 0)


@pytest.mark.parametrize("secret", ["", "short", "B" * 43, None])
def test_unknown_device_secrets_are_refused(registry: SeatRegistry, secret: object) -> None:
    with pytest.raises(UnknownDevice):
        registry.authenticate(secret)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 5, True, "0", 1.0])
def test_seats_out_of_range_are_refused(registry: SeatRegistry, seat: object) -> None:
    with pytest.raises(BadSeat):
        registry.issue_token("g1", seat)  # type: ignore[arg-type]


def test_the_table_sees_paired_connected_and_last_seen(registry: SeatRegistry,
                                                       clock: FakeClock) -> None:
    registry.issue_token("g1", 1)
    claim = registry.claim(registry.issue_token("g1", 0))
    clock.now += 60
    registry.authenticate(claim.device_secret)
    with registry.connection("g1", 0):
        during = registry.status("g1", 3)
    after = registry.status("g1", 3)

    assert [(s.paired, s.connected, s.code_open) for s in during] == [
        (True, True, False), (False, False, True), (False, False, False)]
    assert during[0].last_seen == clock.now
    assert during[2].last_seen is None
    assert not after[0].connected and after[0].paired


def test_pairings_survive_a_restart_of_the_table(tmp_path: Path) -> None:
    first = SeatRegistry.in_data_dir(tmp_path)
    claim = first.claim(first.issue_token("g1", 2))
    first.close()
    again = SeatRegistry.in_data_dir(tmp_path)
    assert again.authenticate(claim.device_secret) == ("g1", 2)


def test_only_hashes_of_secrets_are_stored(tmp_path: Path) -> None:
    registry = SeatRegistry.in_data_dir(tmp_path)
    open_token = registry.issue_token("g1", 1)
    claim = registry.claim(registry.issue_token("g1", 0))
    registry.close()
    dump = "\n".join(sqlite3.connect(tmp_path / "seats.sqlite3").iterdump())
    assert open_token not in dump
    assert claim.device_secret not in dump
    raw = (tmp_path / "seats.sqlite3").read_bytes()
    assert claim.device_secret.encode() not in raw and open_token.encode() not in raw


def test_a_guesser_is_stopped_after_ten_wrong_codes_in_a_minute() -> None:
    clock = FakeClock()
    limiter = FailureLimiter(max_failures=10, window=60, clock=clock)
    for _ in range(10):
        limiter.check("10.0.0.9")
        limiter.record_failure("10.0.0.9")
    with pytest.raises(TooManyAttempts) as refused:
        limiter.check("10.0.0.9")
    assert 1 <= refused.value.retry_after <= 61
    limiter.check("10.0.0.10")
    clock.now += 61
    limiter.check("10.0.0.9")
