"""What both decklist documents (one player's sheet, all decklists) print and hash: a
registered list as plain groups in two columns, and its recorded sideboard swaps."""

from tournament.decks.carddata import get_card_index
from tournament.decks.models import SideboardSwap
from tournament.decks.services.display import decklist_for_print
from tournament.events.models import Registration


def decklist_groups(registration: Registration | None) -> dict | None:
    """The registered list from the decks app, as plain groups; None when there is none."""
    if registration is None:
        return None
    data = decklist_for_print(registration)
    return normalize_decklist(data, avatar_ids=_avatar_ids(data)) if data else None


def _avatar_ids(data: dict) -> set[str]:
    """Card ids of the list's avatars, from the card data the decks app checks lists with."""
    index = get_card_index()
    ids = {
        row.get("card_id")
        for group in data.get("groups", [])
        for row in group.get("rows", [])
        if row.get("card_id")
    }
    return {card_id for card_id in ids if (card := index.by_id(card_id)) and card.is_avatar}


def _row(row: dict, avatar_ids: set[str] = frozenset()) -> dict:
    return {
        "count": int(row.get("count", 1)),
        "name": row.get("name", ""),
        "set": row.get("set") or row.get("card_id", ""),
        "level": row.get("level") or "",
        "world": row.get("world") or "",
        "avatar": bool(row.get("avatar")) or row.get("card_id") in avatar_ids,
    }


GROUP_HEAD_ROWS = 2  # a card group's table has its title row and its column headings


def two_columns(groups: list[dict]) -> tuple[list[dict], list[dict]]:
    """The card groups in two columns, in order, the first column as tall as the second or
    taller by the least (height: a group's rows and its two header rows).

    Two table cells, not CSS columns: WeasyPrint lays out `columns` with unbreakable groups
    about ten times slower, and all decklists of an event are hundreds of sheets."""
    heights = [len(group["rows"]) + GROUP_HEAD_ROWS for group in groups]
    total = sum(heights)
    best = min(
        range(len(groups) + 1),
        key=lambda split: (max(sum(heights[:split]), total - sum(heights[:split])), -split),
    )
    return groups[:best], groups[best:]


def normalize_decklist(data: dict, avatar_ids: set[str] = frozenset()) -> dict:
    """Plain rows (count, name, set, level, world, avatar) with per-group and overall totals."""
    groups = []
    for group in data.get("groups", []):
        rows = [_row(r, avatar_ids) for r in group.get("rows", [])]
        groups.append({"type": group["type"], "rows": rows, "total": sum(r["count"] for r in rows)})
    sideboard = []
    for item in data.get("sideboard") or []:
        # either plain rows or groups of rows (the decks app groups its sideboard)
        if "rows" in item:
            sideboard.extend(_row(r) for r in item["rows"])
        else:
            sideboard.append(_row(item))
    return {
        "groups": groups,
        "columns": two_columns(groups),
        "has_avatars": any(r["avatar"] for g in groups for r in g["rows"]),
        "total": sum(g["total"] for g in groups),
        "sideboard": sideboard,
        "sideboard_total": sum(r["count"] for r in sideboard),
        "champion_levels": data.get("champion_levels", data.get("level_total")),
        "is_legal": data.get("is_legal"),
        "problems": list(data.get("problems") or []),
        "unresolved": list(data.get("unresolved") or []),
        "unresolved_cards": data.get("unresolved_cards") or 0,
        "read_as": list(data.get("read_as") or []),
    }


def swap_rows(swaps) -> tuple:
    """The recorded sideboard swaps a decklist sheet prints (SPEC §3: recorded per game)."""
    return tuple(
        swaps.filter(status=SideboardSwap.Status.RECORDED)
        .order_by("pk")
        .values_list(
            "pk", "registration_id", "bracket_id", "game_number", "out_card_id", "in_card_id"
        )
    )
