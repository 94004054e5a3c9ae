"""A reader of Tcl list syntax, enough for CrossFire's data files (no Tcl interpreter).

CrossFire keeps its card database as Tcl scripts (`set CrossFire::cardDataBase {...}`) and
its lookup tables inside `Scripts/CommonV.tcl`. Both are read here as Tcl lists, following
the rules of Tcl's own list parser (`Tcl_SplitList`):

- elements are separated by white space;
- `{...}` groups an element verbatim (braces nest, a backslash only protects the next
  character from counting as a brace; nothing is substituted);
- `"..."` groups an element with backslash substitution;
- any other element runs to the next white space, with backslash substitution.

The files are ISO-8859-1 (Latin-1): `read_tcl` decodes them so.
"""

from __future__ import annotations

from pathlib import Path

ENCODING = "iso-8859-1"
_SPACE = " \t\n\r\f\v"
_SIMPLE_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_HEX = "0123456789abcdefABCDEF"


class TclError(ValueError):
    """Text that is not a well-formed Tcl list."""


def read_tcl(path: Path) -> str:
    """The text of a CrossFire Tcl file (ISO-8859-1)."""
    return Path(path).read_text(encoding=ENCODING)


def _backslash(text: str, i: int) -> tuple[str, int]:
    """Substitute the backslash sequence starting at text[i] == "\\"; return (value, next)."""
    if i + 1 >= len(text):
        return "\\", i + 1
    char = text[i + 1]
    if char in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[char], i + 2
    if char == "\n":
        # Backslash-newline and the white space after it become one space.
        j = i + 2
        while j < len(text) and text[j] in " \t":
            j += 1
        return " ", j
    if char in "01234567":
        j = i + 1
        while j < len(text) and j < i + 4 and text[j] in "01234567":
            j += 1
        return chr(int(text[i + 1 : j], 8) & 0xFF), j
    if char in "xuU":
        width = {"x": 2, "u": 4, "U": 8}[char]
        j = i + 2
        while j < len(text) and j < i + 2 + width and text[j] in _HEX:
            j += 1
        if j == i + 2:
            return char, i + 2  # no digits: the letter itself
        return chr(int(text[i + 2 : j], 16)), j
    return char, i + 2


def _braced(text: str, start: int) -> tuple[str, int]:
    """The verbatim content of the braced word opening at text[start]; return (content, end)."""
    depth, i = 1, start + 1
    while i < len(text):
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : i], i + 1
        i += 1
    raise TclError(f"unmatched open brace at offset {start}")


def _quoted(text: str, start: int) -> tuple[str, int]:
    """The substituted content of the quoted word opening at text[start]."""
    out: list[str] = []
    i = start + 1
    while i < len(text):
        char = text[i]
        if char == "\\":
            value, i = _backslash(text, i)
            out.append(value)
        elif char == '"':
            return "".join(out), i + 1
        else:
            out.append(char)
            i += 1
    raise TclError(f"unmatched open quote at offset {start}")


def _bare(text: str, start: int) -> tuple[str, int]:
    """A word without braces or quotes, with backslash substitution."""
    out: list[str] = []
    i = start
    while i < len(text) and text[i] not in _SPACE:
        if text[i] == "\\":
            value, i = _backslash(text, i)
            out.append(value)
        else:
            out.append(text[i])
            i += 1
    return "".join(out), i


def braced_word(text: str, start: int) -> tuple[str, int]:
    """The braced word at or after `start` (white space skipped); return (content, end)."""
    i = start
    while i < len(text) and text[i] in _SPACE:
        i += 1
    if i >= len(text) or text[i] != "{":
        raise TclError(f"expected an open brace at offset {i}")
    return _braced(text, i)


def split_list(text: str) -> list[str]:
    """The elements of a Tcl list, as strings (nested lists stay unparsed: split them again)."""
    elements: list[str] = []
    i, n = 0, len(text)
    while True:
        while i < n and text[i] in _SPACE:
            i += 1
        if i >= n:
            return elements
        char = text[i]
        if char == "{":
            value, i = _braced(text, i)
            kind = "braces"
        elif char == '"':
            value, i = _quoted(text, i)
            kind = "quotes"
        else:
            value, i = _bare(text, i)
            kind = ""
        if kind and i < n and text[i] not in _SPACE:
            raise TclError(f"list element in {kind} followed by {text[i]!r} at offset {i}")
        elements.append(value)


def _join_continued_lines(text: str) -> str:
    """Backslash-newline (and the white space after it) becomes one space: in a script this
    is the one substitution Tcl makes inside braces too."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            if text[i + 1] == "\n":
                value, i = _backslash(text, i)
                out.append(value)
            else:
                out.append(text[i : i + 2])
                i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def script_value(script: str, variable: str) -> str:
    """The value of the braced `set <variable> {...}` command in a script."""
    marker = f"set {variable} "
    at = script.find(marker)
    if at < 0:
        raise TclError(f"no `set {variable}` in the script")
    return _join_continued_lines(braced_word(script, at + len(marker))[0])


def braced_after(script: str, marker: str) -> str:
    """The braced word that ends the first command containing `marker` (e.g. a `foreach`)."""
    at = script.find(marker)
    if at < 0:
        raise TclError(f"{marker!r} not found in the script")
    return _join_continued_lines(braced_word(script, at + len(marker))[0])
