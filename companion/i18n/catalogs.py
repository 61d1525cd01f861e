"""Keep the translation catalogs in step with the code: `python -m companion.i18n.catalogs`.

Extracts every text marked anywhere in the package (the table, the phones, the CLI, the
catalog of codes; not the engine, which speaks in codes) into `companion.pot`, merges it into
each language's `.po` (new texts arrive untranslated, vanished ones are dropped) and compiles
the `.mo` files the table loads. Babel is a development tool only: the running
app reads the compiled catalogs with the stdlib.

After merging a branch that adds or changes texts:
1. `python -m companion.i18n.catalogs --todo` (extract, merge, apply `locales/pending`, list
   what is still untranslated per language). A msgid that only lost its rule ID keeps its
   translations.
2. Fill each listed msgstr in `locales/{de,fr,nl}/LC_MESSAGES/companion.po` with the words of
   the catalog's header (the rulebook's terms, or ours where it names them); keep every
   `{placeholder}`; a msgid_plural needs both msgstr[0] and msgstr[1].
3. `python -m companion.i18n.catalogs --compile`, then `pytest tests/test_i18n_catalogs.py`.
If the catalogs conflict in a merge, take this side's `.po`, rerun step 1, then fill the texts
the other side added from its `.po`: `git show OTHER:companion/i18n/locales/de/LC_MESSAGES/
companion.po > /tmp/de.po` and `python -m companion.i18n.catalogs --fill-from=/tmp/de.po`.
"""

from __future__ import annotations

import copy
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from companion import __version__
from companion.i18n import DOMAIN, LOCALE_DIR

PACKAGE_DIR = Path(__file__).resolve().parents[1]
METHOD_MAP = [("rules/**", "ignore"), ("web/**", "ignore"), ("**.py", "python")]
"""The engine holds no sentences a player reads."""
KEYWORDS = {"t": None, "N_": None, "plural": (1, 2), "forms": (1, 2)}
"""`t("text")` in views, `N_("text")` where a text is defined, `t.plural(one, many, n)`,
`t.forms(one, many)` for a page that fills in the count itself."""
TRANSLATED = ("de", "fr", "nl")
"""English is the source language; the other three languages of the box have catalogs to fill."""
PLURAL_FORMS = {
    "de": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "nl": "nplurals=2; plural=(n != 1);",
}
"""gettext's usual rules. Babel's French from CLDR has a third form for millions, which no text
of a card game needs and which every French msgstr would have to repeat."""


def extract() -> Catalog:
    template = Catalog(project="rattus-companion", domain=DOMAIN, fuzzy=False)
    found = extract_from_dir(PACKAGE_DIR, method_map=METHOD_MAP, keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(f"companion/{filename}", lineno)],
                     auto_comments=comments, context=context)
    return template


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def read_catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def new_catalog(lang: str) -> Catalog:
    catalog = Catalog(locale=lang, domain=DOMAIN, project="rattus-companion",
                      version=__version__, copyright_holder="Rattus Companion", fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    return catalog


def pot_path() -> Path:
    return LOCALE_DIR.parent / f"{DOMAIN}.pot"


def _write(path: Path, catalog: Catalog, **options: bool) -> None:
    """Sorted, wrapped at 100, and without line numbers: a file changes only when its texts
    or their files do, so branches that move code around do not conflict in the catalogs."""
    with path.open("wb") as handle:
        write_po(handle, catalog, sort_output=True, width=100, include_lineno=False, **options)


def _same_texts(one: Catalog, other: Catalog) -> bool:
    def texts(catalog: Catalog) -> set[tuple[object, ...]]:
        return {(m.id, m.context, tuple(sorted({f for f, _ in m.locations})),
                 tuple(m.auto_comments), tuple(sorted(m.flags))) for m in catalog if m.id}
    return texts(one) == texts(other)


RULE_ID = re.compile(r" ?\(R-[A-Z]+-[A-Z0-9]+(?:(?:, | to )(?:R-[A-Z]+-)?[A-Z0-9]+)*\)")
"""A rule ID in a msgid, or a list of them ("(R-ROUND-C, R-SPECIAL-3)", "(R-SCORE-2 to 5)");
the translations never show them (a person reads no rule ID), so a msgid that drops its ID
keeps its translation."""


def _without_rule_ids(message_id: object) -> str | tuple[str, ...]:
    if isinstance(message_id, tuple | list):
        return tuple(RULE_ID.sub("", str(part)) for part in message_id)
    return RULE_ID.sub("", str(message_id))


def carry_over_rule_id_removals(old: Catalog, new: Catalog) -> None:
    """When a msgid loses its rule ID ("Estates (R-SCORE-1)" becomes "Estates"), the new
    entry keeps the translation the old one had, since that translation never showed the ID."""
    earlier = {_without_rule_ids(m.id): m.string for m in old
               if m.id and RULE_ID.search(str(m.id)) and m.string and not m.fuzzy}
    for message in new:
        if message.id and message.id in earlier and not any(_forms(message.string)):
            message.string = earlier[message.id]


def _forms(value: object) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (str(value or ""),)


def pending_path(lang: str) -> Path:
    """Translations made ahead of the code: texts another branch is adding, translated before
    they reach this one. `update` moves each into the catalog once its msgid is in the code
    (replacing what the catalog had for it, since these are the reviewed words) and removes
    it here; the file goes when it is empty."""
    return LOCALE_DIR / "pending" / f"{lang}.po"


def read_pending(lang: str) -> Catalog | None:
    if not pending_path(lang).exists():
        return None
    with pending_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def apply_pending(lang: str, catalog: Catalog) -> int:
    """Moves the pending translations whose msgid is now in `catalog`; returns how many."""
    pending = read_pending(lang)
    if pending is None:
        return 0
    moved = []
    for waiting in pending:
        target = catalog.get(waiting.id) if waiting.id else None
        if target is None or target.id != waiting.id or waiting.fuzzy \
                or not all(_forms(waiting.string)):
            continue
        target.string = waiting.string
        target.flags.discard("fuzzy")
        moved.append(waiting.id)
    for message_id in moved:
        pending.delete(message_id)
    if not any(m.id for m in pending):
        pending_path(lang).unlink()
        if not any(pending_path(lang).parent.iterdir()):
            pending_path(lang).parent.rmdir()
    elif moved:
        _write(pending_path(lang), pending)
    return len(moved)


def update() -> None:
    template = extract()
    if pot_path().exists():
        with pot_path().open("rb") as handle:
            previous = read_po(handle, domain=DOMAIN)
        if _same_texts(previous, template):
            template.creation_date = previous.creation_date
    _write(pot_path(), template, omit_header=False)
    for lang in TRANSLATED:
        path = po_path(lang)
        if path.exists():
            catalog = read_catalog(lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = new_catalog(lang)
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
        earlier = read_catalog(lang) if path.exists() else catalog
        # A copy each: babel hands the template's own new messages to the catalog it updates.
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True,
                       update_header_comment=False)
        carry_over_rule_id_removals(earlier, catalog)
        apply_pending(lang, catalog)
        _write(path, catalog, ignore_obsolete=True)
        compile_catalog(lang)


def compile_catalog(lang: str) -> None:
    catalog = read_catalog(lang)
    with mo_path(lang).open("wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)


def compile_all() -> None:
    """Only compile: for a translator who filled msgstrs and must not re-extract."""
    for lang in TRANSLATED:
        compile_catalog(lang)


def untranslated(catalog: Catalog) -> list[str]:
    """Texts the table would show in English although the player chose this language."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def fill_from(path: Path) -> tuple[str, int]:
    """Fills the empty msgstrs of the catalog in `path`'s language from `path` (another
    branch's `.po`, e.g. saved with `git show branch:companion/i18n/locales/de/...`); what is
    translated here already stays. Returns the language and how many texts were filled."""
    with path.open("rb") as handle:
        other = read_po(handle, domain=DOMAIN)
    lang = str(other.locale or "")
    if lang not in TRANSLATED:
        raise ValueError(f"{path}: language {lang!r} is not one of {', '.join(TRANSLATED)}")
    catalog = read_catalog(lang)
    filled = 0
    for message in catalog:
        found = other.get(message.id) if message.id else None
        if found is None or found.id != message.id or found.fuzzy \
                or any(_forms(message.string)) or not all(_forms(found.string)):
            continue
        message.string = found.string
        filled += 1
    _write(po_path(lang), catalog, ignore_obsolete=True)
    compile_catalog(lang)
    return lang, filled


def main(argv: list[str] | None = None) -> int:
    """`python -m companion.i18n.catalogs [--compile] [--todo] [--fill-from=PO_FILE]`.

    Without options: extract, merge and compile. `--compile` only compiles the .po files as
    they are; `--fill-from=FILE` fills empty msgstrs from another `.po` of the same language;
    `--todo` also lists, per language, the texts still waiting for a translation.
    """
    args = sys.argv[1:] if argv is None else argv
    sources = [Path(a.split("=", 1)[1]) for a in args if a.startswith("--fill-from=")]
    unknown = {a for a in args if not a.startswith("--fill-from=")} - {"--compile", "--todo"}
    if unknown:
        print(f"unknown option(s): {' '.join(sorted(unknown))}; "
              "use --compile, --todo or --fill-from=PO_FILE", file=sys.stderr)
        return 2
    if "--compile" in args:
        compile_all()
    elif not sources:
        update()
    for source in sources:
        try:
            lang, filled = fill_from(source)
        except (OSError, ValueError) as exc:
            print(f"cannot fill from {source}: {exc}", file=sys.stderr)
            return 2
        print(f"{lang}: {filled} texts filled from {source}")
    for lang in TRANSLATED:
        catalog = read_catalog(lang)
        missing = untranslated(catalog)
        print(f"{lang}: {len(catalog)} texts, {len(missing)} untranslated or fuzzy")
        if "--todo" in args:
            for message_id in missing:
                print(f"    {message_id!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
