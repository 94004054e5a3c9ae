"""The upgrade check's verdict: every row the previous release stored (its fields), every
export and every figure its CSV and API answers showed, unchanged after this release's
migrations. Exit 1 naming the first differences.

Words are not figures: a release may say a stored status better ("lost in the final" for
"eliminated in round 5"), so the status words of the answers (the API's `*_label` fields,
the CSV's Status column) are left out of the comparison and their changes are counted."""

import csv
import io
import json
import sys

WORDS_COLUMNS = {"Status"}


def figures(body: str):
    """An answer's content without its words: JSON without `*_label` keys, a CSV without
    its words columns; any other body as it is."""
    try:
        return _without_labels(json.loads(body))
    except ValueError:
        pass
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))
    if not rows or not WORDS_COLUMNS & set(rows[0]):
        return body
    kept = [i for i, name in enumerate(rows[0]) if name not in WORDS_COLUMNS]
    return [[row[i] for i in kept if i < len(row)] for row in rows]


def _without_labels(value):
    if isinstance(value, dict):
        return {k: _without_labels(v) for k, v in value.items() if not k.endswith("_label")}
    if isinstance(value, list):
        return [_without_labels(v) for v in value]
    return value


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as file:
        return json.load(file)


before, after = load(sys.argv[1]), load(sys.argv[2])
problems = []
rows = 0
for label, table in before["rows"].items():
    now = after["rows"].get(label)
    if now is None:
        problems.append(f"{label}: the table is gone")
        continue
    missing = [f for f in table["fields"] if f not in now["fields"]]
    if missing:
        problems.append(f"{label}: fields gone: {missing}")
        continue
    index = [now["fields"].index(f) for f in table["fields"]]
    kept = [[row[i] for i in index] for row in now["rows"]]
    rows += len(table["rows"])
    if kept != table["rows"]:
        changed = sum(1 for a, b in zip(table["rows"], kept, strict=False) if a != b)
        problems.append(
            f"{label}: {len(table['rows'])} rows before, {len(kept)} after, {changed} differ"
        )
fixed = []
reworded = []
for kind in ("exports", "csv"):
    for key, value in before[kind].items():
        now = after[kind].get(key)
        # A CSV the previous release answered with a server error held no figure to keep:
        # this release must answer it (200), and its figures are checked by the API's.
        if kind == "csv" and value[0] >= 500:
            if now is None or now[0] != 200:
                problems.append(f"{kind} {key}: {value[0]} before, {now and now[0]} now")
            else:
                fixed.append(key)
            continue
        same_answer = kind == "csv" and now is not None and now[0] == value[0]
        if now != value and same_answer and figures(now[1]) == figures(value[1]):
            reworded.append(key)
            continue
        if now != value:
            old_lines, new_lines = str(value).splitlines(), str(now).splitlines()
            first = next(
                (i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=False)) if a != b),
                min(len(old_lines), len(new_lines)),
            )
            shown = old_lines[first : first + 1], new_lines[first : first + 1]
            problems.append(f"{kind} {key} differs at line {first + 1}: {shown[0]} → {shown[1]}")
if rows == 0 or not before["exports"]:
    problems.append("nothing was compared")
if problems:
    print("upgrade check FAILED:\n  " + "\n  ".join(problems[:20]), file=sys.stderr)
    sys.exit(1)
tables = sum(1 for t in before["rows"].values() if t["rows"])
print(
    f"unchanged: {rows} rows in {tables} tables, {len(before['exports'])} event exports, "
    f"{len(before['csv'])} CSV exports (standings and the ranking)"
    + (f"; answered now, a server error before: {', '.join(fixed)}" if fixed else "")
    + (f"; the same figures in new words: {', '.join(reworded)}" if reworded else "")
)
