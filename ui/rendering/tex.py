"""Common TeX math as readable Unicode, for the transcript's math (no TeX engine needed).

Why it exists: models write formulas in TeX; ``QTextDocument`` cannot typeset them, so they are
shown as Unicode text (``\\alpha \\le \\frac{a}{b}`` → ``α ≤ a⁄b``). Pure Python.
"""

# ruff: noqa: RUF001, RUF002  (the TeX tables map to look-alike Unicode characters on purpose)
from __future__ import annotations

import re

_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
    "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ",
    "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ", "upsilon": "υ",
    "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
    "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
}  # fmt: skip

_SYMBOLS = {
    "cdot": "·", "cdotp": "·", "times": "×", "div": "÷", "pm": "±", "mp": "∓",
    "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "neq": "≠", "ne": "≠", "approx": "≈",
    "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫",
    "infty": "∞", "sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬",
    "iiint": "∭", "oint": "∮", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃",
    "nexists": "∄", "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆",
    "supset": "⊃", "supseteq": "⊇", "cup": "∪", "cap": "∩", "emptyset": "∅",
    "varnothing": "∅", "setminus": "∖", "to": "→", "rightarrow": "→", "leftarrow": "←",
    "gets": "←", "Rightarrow": "⇒", "Leftarrow": "⇐", "leftrightarrow": "↔",
    "Leftrightarrow": "⇔", "implies": "⟹", "iff": "⟺", "mapsto": "↦", "uparrow": "↑",
    "downarrow": "↓", "ldots": "…", "dots": "…", "cdots": "⋯", "vdots": "⋮", "ddots": "⋱",
    "angle": "∠", "perp": "⊥", "parallel": "∥", "circ": "∘", "bullet": "•", "star": "⋆",
    "ast": "∗", "oplus": "⊕", "otimes": "⊗", "neg": "¬", "lnot": "¬", "land": "∧",
    "wedge": "∧", "lor": "∨", "vee": "∨", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊",
    "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "hbar": "ℏ", "ell": "ℓ", "Re": "ℜ", "Im": "ℑ",
    "aleph": "ℵ", "prime": "′", "degree": "°", "mid": "∣", "vert": "|", "Vert": "‖",
    "top": "⊤", "bot": "⊥", "colon": ":", "quad": "  ", "qquad": "    ", "lbrace": "{",
    "rbrace": "}", "backslash": "\\", "square": "□", "triangle": "△", "therefore": "∴",
    "because": "∵", "dagger": "†",
    "sin": "sin", "cos": "cos", "tan": "tan", "cot": "cot", "sec": "sec", "csc": "csc",
    "arcsin": "arcsin", "arccos": "arccos", "arctan": "arctan", "sinh": "sinh",
    "cosh": "cosh", "tanh": "tanh", "log": "log", "ln": "ln", "exp": "exp", "lim": "lim",
    "max": "max", "min": "min", "sup": "sup", "inf": "inf", "det": "det", "gcd": "gcd",
    "deg": "deg", "dim": "dim", "ker": "ker", "arg": "arg", "Pr": "Pr",
}  # fmt: skip

#: Single non-letter commands: spacing and escaped characters.
_SHORT = {
    ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "{": "{", "}": "}", "$": "$",
    "%": "%", "&": "&", "_": "_", "#": "#", "|": "‖", "\\": "\n",
}  # fmt: skip

#: Commands whose one argument is shown as it is (text, fonts, operator names).
_PASS_THROUGH = frozenset(
    {
        "text", "textrm", "textbf", "textit", "textsf", "texttt", "emph", "mathrm", "mathit",
        "mathbf", "mathsf", "mathtt", "boldsymbol", "bm", "operatorname", "mathcal", "mathscr",
        "mathfrak", "mbox", "displaystyle",
    }
)  # fmt: skip

_ACCENTS = {
    "hat": "\u0302", "widehat": "\u0302", "bar": "\u0304", "overline": "\u0305",
    "vec": "\u20d7", "tilde": "\u0303", "widetilde": "\u0303", "dot": "\u0307",
    "ddot": "\u0308",
}  # fmt: skip

_DOUBLE_STRUCK = {"C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"}

_SUPERSCRIPT = dict(
    zip(
        "0123456789+-=()nijkabcdefghlmoprstuvwxyzABDEGHIJKLMNOPRTUVW",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱʲᵏᵃᵇᶜᵈᵉᶠᵍʰˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ",
        strict=True,
    )
)
_SUPERSCRIPT["−"] = "⁻"
_SUPERSCRIPT["′"] = "′"
_SUBSCRIPT = dict(
    zip("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True)
)


def tex_to_unicode(tex: str) -> str:
    r"""Common TeX math as readable Unicode: ``\alpha \le \frac{a}{b}`` → ``α ≤ a⁄b``,
    ``x^2`` → ``x²``, ``\sqrt{x}`` → ``√(x)``, ``\mathbb{R}`` → ``ℝ``. Unknown commands stay as
    typed. ``\\`` (a line break) becomes a newline."""
    out, _ = _TexReader(tex).group(0)
    out = re.sub(r"[ \t]+", " ", out)
    return "\n".join(line.strip() for line in out.split("\n")).strip()


class _TexReader:
    """A small recursive reader: enough of TeX's grammar for groups, commands and scripts."""

    def __init__(self, tex: str) -> None:
        self.tex = tex

    def group(self, pos: int, closing: str = "") -> tuple[str, int]:
        """Read until ``closing`` (or the end); return the text and the position after it."""
        parts: list[str] = []
        tex = self.tex
        while pos < len(tex):
            char = tex[pos]
            if closing and char == closing:
                return "".join(parts), pos + 1
            if char in "^_":
                arg, pos = self.argument(pos + 1)
                parts.append(_script(arg, char == "^"))
                continue
            item, pos = self.item(pos)
            parts.append(item)
        return "".join(parts), pos

    def item(self, pos: int) -> tuple[str, int]:
        char = self.tex[pos]
        if char == "{":
            return self.group(pos + 1, "}")
        if char == "\\":
            return self.command(pos + 1)
        if char == "~":
            return " ", pos + 1
        if char == "&":
            return " ", pos + 1
        return char, pos + 1

    def argument(self, pos: int) -> tuple[str, int]:
        """A command's or script's argument: a ``{group}``, a command, or one character."""
        tex = self.tex
        while pos < len(tex) and tex[pos] in " \t\n":
            pos += 1
        if pos >= len(tex):
            return "", pos
        return self.item(pos)

    def command(self, pos: int) -> tuple[str, int]:
        tex = self.tex
        if pos >= len(tex):
            return "\\", pos
        match = re.match(r"[A-Za-z]+", tex[pos:])
        if match is None:
            char = tex[pos]
            return _SHORT.get(char, "\\" + char), pos + 1
        name = match.group(0)
        pos += len(name)
        if name in _GREEK:
            return _GREEK[name], pos
        if name in _SYMBOLS:
            return _SYMBOLS[name], pos
        if name in ("frac", "dfrac", "tfrac", "cfrac"):
            top, pos = self.argument(pos)
            bottom, pos = self.argument(pos)
            if _simple(top) and _simple(bottom):
                return f"{top}⁄{bottom}", pos
            return f"({top})/({bottom})", pos
        if name == "sqrt":
            index = ""
            if pos < len(tex) and tex[pos] == "[":
                index, pos = self.group(pos + 1, "]")
            braced = pos < len(tex) and tex[pos] == "{"
            radicand, pos = self.argument(pos)
            root = "√" if not index else _script(index, True) + "√"
            return (f"{root}({radicand})" if braced or len(radicand) > 1 else root + radicand), pos
        if name in ("bmod", "mod"):
            return " mod ", pos
        if name == "pmod":
            modulus, pos = self.argument(pos)
            return f" (mod {modulus})", pos
        if name in ("mathbb", "mathbbm"):
            letters, pos = self.argument(pos)
            return "".join(_double_struck(c) for c in letters), pos
        if name in _PASS_THROUGH:
            if name == "displaystyle":
                return "", pos
            return self.argument(pos)
        if name in _ACCENTS:
            base, pos = self.argument(pos)
            return base + _ACCENTS[name], pos
        if name in ("left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr"):
            if pos < len(tex) and tex[pos] == ".":
                return "", pos + 1
            return "", pos
        if name in ("begin", "end"):
            _env, pos = self.argument(pos)
            return "", pos
        if name == "not":
            negated, pos = self.argument(pos)
            return negated + "\u0338", pos
        # Unknown: as typed, with its braced arguments.
        end = pos
        while end < len(tex) and tex[end] == "{":
            depth, end = 1, end + 1
            while end < len(tex) and depth:
                depth += {"{": 1, "}": -1}.get(tex[end], 0)
                end += 1
        return "\\" + name + tex[pos:end], end


def _simple(text: str) -> bool:
    return bool(text) and (len(text) == 1 or re.fullmatch(r"[0-9A-Za-z.]+", text) is not None)


def _script(text: str, superscript: bool) -> str:
    table = _SUPERSCRIPT if superscript else _SUBSCRIPT
    mark = "^" if superscript else "_"
    if text and all(c in table for c in text):
        return "".join(table[c] for c in text)
    if len(text) == 1:
        return mark + text
    return f"{mark}({text})"


def _double_struck(char: str) -> str:
    if char in _DOUBLE_STRUCK:
        return _DOUBLE_STRUCK[char]
    if "A" <= char <= "Z":
        return chr(0x1D538 + ord(char) - ord("A"))
    if "a" <= char <= "z":
        return chr(0x1D552 + ord(char) - ord("a"))
    if "0" <= char <= "9":
        return chr(0x1D7D8 + ord(char) - ord("0"))
    return char
