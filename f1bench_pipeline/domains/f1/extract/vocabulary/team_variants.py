"""Team names answers write that ``shared.TEAM_ALIASES`` did not read (issue #44's inserted
entity): the works-team variants ("Mercedes-AMG"), the short name of the Faenza team ("RB"), and
teams no 2018-2025 context holds (the 2026 entrants, former teams) — read as a team token, so a
team the context does not hold is an ``entity`` claim. Merged into ``TEAM_ALIASES``."""

from __future__ import annotations

TEAM_VARIANTS: dict[str, str] = {
    "Mercedes-AMG": "mercedes", "Mercedes AMG": "mercedes",
    "RB": "rb",
    "Audi": "audi", "Cadillac": "cadillac",
    "Brawn GP": "brawn", "Lotus": "lotus", "Manor": "manor", "Marussia": "marussia", "Caterham": "caterham",
    "Toyota": "toyota", "Minardi": "minardi", "Benetton": "benetton", "Tyrrell": "tyrrell",
}
