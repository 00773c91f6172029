"""Extractor data shared by the languages: team names and the vetoes of compound words that are
also everyday words (keyed by the word; a veto list holds the words of every language that
writes it, e.g. "duro" in Spanish and Portuguese)."""

from __future__ import annotations

from f1bench_pipeline.domains.f1.extract.vocabulary.team_variants import TEAM_VARIANTS

# Compound words that are also everyday words: (previous words that veto, next words that veto).
AMBIGUOUS_COMPOUND_VETO: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "hard": (frozenset({"very", "so", "too", "pushed", "push", "pushing", "pushes", "quite", "how", "it's", "is",
                        "was", "be", "really", "extremely", "harder"}),
             frozenset({"to", "work", "enough", "luck", "fought", "push", "pushing", "racing", "charge"})),
    "soft": (frozenset({"very", "so", "too", "quite"}), frozenset({"spot", "launch"})),
    "medium": (frozenset(), frozenset({"term", "run", "term.", "sized", "pace"})),
    # the weather, not the tyre: "conditions became wet enough", "el asfalto mojado", "a pista ficou molhada"
    "wet": (frozenset({"the", "a", "in", "damp", "conditions", "was", "were", "is", "are", "be", "been", "being",
                       "became", "become", "becomes", "becoming", "remained", "stayed", "got", "getting", "turned",
                       "very", "too", "quite", "so", "still", "fully", "mostly", "partly", "less", "more"}),
            frozenset({"conditions", "track", "weather", "race", "start", "session", "spell", "patch", "enough",
                       "again", "than", "and", "or", "phase", "periods", "period", "running", "surface"})),
    "mojado": (frozenset({"asfalto", "piso", "suelo", "estaba", "está", "seguía", "sigue", "quedó", "muy", "más",
                          "poco", "bastante", "tiempo", "clima", "circuito", "trazado"}), frozenset({"y", "o"})),
    "mojados": (frozenset({"muy", "más", "estaban", "seguían", "tramos", "sectores"}), frozenset({"y", "o"})),
    "molhado": (frozenset({"asfalto", "piso", "chão", "estava", "está", "continuava", "ficou", "muito", "mais",
                           "pouco", "bastante", "tempo", "clima", "circuito", "traçado"}), frozenset({"e", "ou"})),
    "molhados": (frozenset({"muito", "mais", "estavam", "continuavam", "trechos", "setores"}), frozenset({"e", "ou"})),
    "inter": (frozenset(), frozenset({"alia", "-"})),
    "medio": (frozenset({"ritmo", "tiempo", "tiempos", "valor", "término", "termino", "punto", "promedio",
                         "ritmos", "rendimiento", "plazo", "giro", "vuelta", "por", "más", "lo", "y", "consumo",
                         "desgaste"}),
              frozenset({"segundo", "plazo", "camino", "minuto", "de", "del"})),
    "medios": (frozenset({"ritmos", "tiempos", "valores", "por", "los"}), frozenset({"de", "del", "para"})),
    "médio": (frozenset({"ritmo", "tempo", "tempos", "valor", "desempenho", "prazo", "ponto", "giro", "preço",
                         "médio", "desgaste", "consumo", "nível", "por"}),
              frozenset({"prazo", "segundo", "de"})),
    "médios": (frozenset({"ritmos", "tempos", "valores"}), frozenset({"de"})),
    "medios_pt": (frozenset(), frozenset()),
    "duro": (frozenset({"más", "mais", "muy", "tan", "golpe", "lo", "muito", "tão", "bastante", "foi",
                        "fue"}), frozenset({"golpe", "de"})),
    "dura": (frozenset({"más", "mais", "muy", "tan", "muito", "tão", "se", "que", "vida", "carrera"}),
             frozenset({"de", "más", "mais", "hasta", "até", "poco", "pouco", "mucho", "muito"})),
    "duras": (frozenset({"más", "mais", "muy"}), frozenset({"de"})),
    "blando": (frozenset({"más", "mais", "muy"}), frozenset()),
    "blanda": (frozenset({"más", "mais", "muy"}), frozenset()),
    "macio": (frozenset({"mais", "muito"}), frozenset()),
    "macia": (frozenset({"mais", "muito"}), frozenset()),
    "intermedio": (frozenset({"punto", "término", "paso", "stint", "tramo"}), frozenset({"entre"})),
    "intermedia": (frozenset({"posición", "fase", "etapa", "zona", "parte"}), frozenset({"entre"})),
    "intermédio": (frozenset({"por", "stint", "etapa"}), frozenset({"de"})),
    "intermediário": (frozenset({"stint", "etapa", "trecho", "ponto"}), frozenset()),
    "intermediária": (frozenset({"posição", "fase", "etapa", "parte"}), frozenset()),
}

# Capitalised words a letter away from a driver code that are words, not misspelt codes ("did NOT work"
# beside NOR, "AND" beside ANT, "WHO" beside ZHO): never read as a driver.
CODE_LIKE_WORDS: frozenset[str] = frozenset({
    "AND", "BUT", "NOT", "NOW", "HOW", "WHO", "WHY", "WAS", "HAS", "HIS", "HER", "ITS", "THE", "YES", "NEW", "OLD",
    "LED", "SET", "WON", "RAN", "GOT", "OUT", "OFF", "TOP", "END", "LAP", "PIT", "GAP", "MAX", "MIN", "AVG", "DRS",
    "VSC", "FIA", "DNF", "DNS", "DSQ", "MED", "SOF", "HRD", "INT", "WET", "KEY", "WIN", "ALL", "ONE", "TWO",
    "SIX", "TEN", "MAS", "QUE", "POR", "CON", "SIN", "SUS", "LOS", "LAS", "DEL", "UNA", "UNO", "DOS", "SEU", "SUA",
    "COM", "SEM", "NAO", "NÃO", "DAS", "NOS", "NAS", "ERA", "FOI", "SOB", "TEM", "VEZ", "PRO", "USA", "GBR"})

# Team names (as written in answers) -> canonical key; contexts use Ergast or FastF1 names.
TEAM_ALIASES: dict[str, str] = {
    "Ferrari": "ferrari", "Scuderia Ferrari": "ferrari",
    "Mercedes": "mercedes",
    "McLaren": "mclaren",
    "Red Bull": "red bull", "Red Bull Racing": "red bull",
    "Williams": "williams",
    "Alpine": "alpine",
    "Aston Martin": "aston martin",
    "Haas": "haas",
    "Sauber": "sauber", "Kick Sauber": "sauber", "Stake": "sauber",
    "Alfa Romeo": "alfa romeo",
    "AlphaTauri": "alphatauri", "Alpha Tauri": "alphatauri",
    "Toro Rosso": "toro rosso",
    "Racing Point": "racing point",
    "Force India": "force india",
    "Renault": "renault",
    "Racing Bulls": "rb", "Visa Cash App RB": "rb", "VCARB": "rb",
}
TEAM_ALIASES.update(TEAM_VARIANTS)  # issue #44: variants and teams no context holds


def team_key(name: str) -> str:
    """Canonical key of a team name from a context ("Haas F1 Team" -> "haas")."""
    n = (name or "").strip()
    if n in TEAM_ALIASES:
        return TEAM_ALIASES[n]
    low = n.lower()
    for suffix in (" f1 team", " racing", " team", " f1"):
        if low.endswith(suffix):
            low = low[: -len(suffix)]
    low = low.replace("scuderia ", "").strip()
    if low in ("rb", "racing bulls", "visa cash app rb", "vcarb"):
        return "rb"
    if low in ("kick sauber", "stake f1", "stake"):
        return "sauber"
    return low
