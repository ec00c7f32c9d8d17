"""Where each key of a TOML document is written, so that messages can point at it.

tomllib returns values without positions. This scanner reads the same text a second time, after
tomllib has accepted it, so it never has to diagnose anything: it only follows the grammar far
enough to know where every key, and every element of an array, begins.

Positions are keyed by path, as in the parsed data: `[component.Position]` then `x = "f32"`
records ("component",), ("component", "Position") and ("component", "Position", "x"); the
second element of `components = [...]` is (..., "components", 1). Arrays of tables are not part
of the schema language, so `[[name]]` only gets an index at its own level.
"""

import bisect
import re

KeyPath = tuple[str | int, ...]
Position = tuple[int, int]  # line and column, both from 1

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.DOTALL)
_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
# A number, boolean or date ends where the enclosing array, inline table or line does.
_SCALAR_END = re.compile(r"[,\]}#\r\n]")


def key_positions(text: str) -> dict[KeyPath, Position]:
    """Maps the path of every key and array element in `text` (valid TOML) to where it starts.

    >>> positions = key_positions('[a.b]\\nc = { d = [1, 2] }\\n')
    >>> positions[("a", "b")], positions[("a", "b", "c", "d")], positions[("a", "b", "c", "d", 1)]
    ((1, 4), (2, 7), (2, 15))
    """
    return _Scanner(text).scan()


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.offset = 0
        self.positions: dict[KeyPath, Position] = {}
        self.line_starts = [0] + [index + 1 for index, char in enumerate(text) if char == "\n"]
        self.array_table_lengths: dict[KeyPath, int] = {}

    def scan(self) -> dict[KeyPath, Position]:
        table: KeyPath = ()
        while self.skip_blank_lines():
            if self.text.startswith("[[", self.offset):
                self.offset += 2
                self.skip_spaces()
                start = self.offset
                array = self.key(())
                index = self.array_table_lengths.get(array, 0)
                self.array_table_lengths[array] = index + 1
                table = array + (index,)
                self.positions[table] = self.position(start)
                self.skip_past("]]")
            elif self.peek() == "[":
                self.offset += 1
                self.skip_spaces()
                start = self.offset
                table = self.key(())
                self.table_header(table, self.position(start))
                self.skip_past("]")
            else:
                self.key_value(table)
        return self.positions

    def key_value(self, table: KeyPath) -> None:
        """Reads `key = value` inside `table` (a header's or an inline table's path)."""
        self.skip_spaces()
        start = self.offset
        path = self.key(table)
        self.value_key(table, path, self.position(start))
        self.value(path)

    # What a subclass that checks declarations looks at; positions are where the key starts.
    def table_header(self, path: KeyPath, position: Position) -> None:
        pass

    def value_key(self, table: KeyPath, path: KeyPath, position: Position) -> None:
        pass

    def key(self, prefix: KeyPath) -> KeyPath:
        """Reads a dotted key, records where each part starts, and returns the full path."""
        path = prefix
        while True:
            self.skip_spaces()
            start = self.offset
            path += (self.key_part(),)
            # setdefault: a table named again later (`[a.b]` after `[a]`) keeps its first place.
            self.positions.setdefault(path, self.position(start))
            self.skip_spaces()
            if self.peek() != ".":
                return path
            self.offset += 1

    def key_part(self) -> str:
        if self.peek() in "\"'":
            return self.string()
        match = _BARE_KEY.match(self.text, self.offset)
        self.offset = match.end()
        return match.group()

    def value(self, path: KeyPath) -> None:
        """Skips the value after `key =`, recording the keys and elements inside it."""
        self.skip_spaces()
        self.skip_past("=")
        self.skip_spaces()
        self.value_body(path)

    def value_body(self, path: KeyPath) -> None:
        char = self.peek()
        if char == "{":
            self.inline_table(path)
        elif char == "[":
            self.array(path)
        elif char in "\"'":
            self.string()
        else:
            end = _SCALAR_END.search(self.text, self.offset)
            self.offset = end.start() if end else len(self.text)

    def inline_table(self, path: KeyPath) -> None:
        self.offset += 1
        while self.skip_blank_lines() and self.peek() != "}":
            self.key_value(path)
            self.skip_blank_lines()
            if self.peek() == ",":
                self.offset += 1
        self.offset += 1

    def array(self, path: KeyPath) -> None:
        self.offset += 1
        index = 0
        while self.skip_blank_lines() and self.peek() != "]":
            self.positions[path + (index,)] = self.position(self.offset)
            self.value_body(path + (index,))
            index += 1
            self.skip_blank_lines()
            if self.peek() == ",":
                self.offset += 1
        self.offset += 1

    def string(self) -> str:
        """Skips a string of any of TOML's four kinds and returns its text (keys need it)."""
        text = self.text
        for quotes in ('"""', "'''"):
            if text.startswith(quotes, self.offset):
                end = self.offset + 3
                while not text.startswith(quotes, end):
                    end += 2 if quotes == '"""' and text[end] == "\\" else 1
                # A run of up to five quotes closes the string; all but the last three are text.
                run_end = end
                while run_end < len(text) and text[run_end] == quotes[0]:
                    run_end += 1
                body = text[self.offset + 3 : run_end - 3]
                self.offset = run_end
                return body
        quote = text[self.offset]
        end = self.offset + 1
        while text[end] != quote:
            end += 2 if quote == '"' and text[end] == "\\" else 1
        body = text[self.offset + 1 : end]
        self.offset = end + 1
        return _unescape(body) if quote == '"' else body

    def skip_spaces(self) -> None:
        while self.peek() in (" ", "\t"):
            self.offset += 1

    def skip_blank_lines(self) -> bool:
        """Skips whitespace, line breaks and comments; returns whether any text is left."""
        while self.offset < len(self.text):
            char = self.text[self.offset]
            if char in " \t\r\n":
                self.offset += 1
            elif char == "#":
                newline = self.text.find("\n", self.offset)
                self.offset = newline if newline >= 0 else len(self.text)
            else:
                return True
        return False

    def skip_past(self, token: str) -> None:
        self.skip_spaces()
        self.offset += len(token)

    def peek(self) -> str:
        return self.text[self.offset] if self.offset < len(self.text) else ""

    def position(self, offset: int) -> Position:
        line = bisect.bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1


def _unescape(body: str) -> str:
    def replace(match: re.Match) -> str:
        short, long, simple = match.groups()
        if simple is not None:
            return _SIMPLE_ESCAPES[simple]
        return chr(int(short or long, 16))

    return _ESCAPE.sub(replace, body)
