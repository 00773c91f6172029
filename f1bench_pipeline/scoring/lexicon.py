"""Per-language vocabularies of the regex claim extractor (EN / ES / PT).

Every entry is lower case; a space inside an entry matches any run of whitespace. An entry
maps to ``(kind, value)``: the extractor tokenizes an answer into these kinds (plus numbers,
``P5`` positions and driver mentions) and reads claims off the token sequence. English
entries are always active (models mix "pit stop", "lap", "undercut" into Spanish and
Portuguese answers); the answer's language adds its own.

Kinds
-----
LAPW      lap word (value "sg"/"pl")           PIT      pit-stop trigger (verb or noun)
NOPIT     "pit-timing", "pit window" (not a stop)
STOPN     stop noun for counts ("two stops")   STINTN   stint noun
CHG       tyre-change verb                     START    race-start verb/noun
STAY      stayed-out / ran-on verb             NUMW     number word (value int)
ORD       ordinal (value int; -1 last, 0 middle)
CMP       tyre compound (value canonical)      BATTLE   undercut/overcut (value kind)
OUTP/OUTN worked / failed                      OUTB     base form ("work") counted only negated
NEG       negator                              GAIN     time gained
REDUCE    "reduced/closed ... by X s"          GAP      gap / margin / difference
BEFORE/AFTER  when-words                       BEHIND/AHEAD  relative order
FINISH    finished                             PLACE    place / position noun
WIN       won the race                         RACE     race noun
DEF       held behind / defended               PASS     passed
EVENT     eventually / managed to              TEAMMATE teammate
PROTECT   protect                              PURSUER  "the pursuer"
PRON      he / his / él / su / ele / seu       BOTH     both drivers
AVG       average / pace / degradation (a number after it is no gap/gain)
YES       answer words after a question        NONE     "none"/"ningún"/"nenhum"
MOVE      "the move" / "la maniobra" / "a manobra" (marks a battle answer)
DEMONYM   nationality words ("the Spaniard" -> the one Spanish driver of the context)

AVG, YES, RACE and NOPIT entries only *consume* words ("ritmo medio" is a pace, not a tyre;
"pit window" is no stop); they never reach the claim rules.
"""

from __future__ import annotations

CANONICAL_COMPOUNDS = ("SOFT", "MEDIUM", "HARD", "INTERMEDIATE", "WET",
                       "HYPERSOFT", "ULTRASOFT", "SUPERSOFT", "SUPERHARD", "UNKNOWN")
# "unknown" is a compound only in a tyre phrase ("the unknown tyres", "al desconocido.")
UNKNOWN_WORDS = frozenset({"unknown", "desconocido", "desconhecido"})
TYRE_NOUNS = frozenset({"tyre", "tyres", "tire", "tires", "compound", "neumático", "neumáticos", "neumatico",
                        "neumaticos", "compuesto", "pneu", "pneus", "composto"})


def _entries(kind: str, words: str | list[str], value=None) -> dict[str, tuple[str, object]]:
    items = words.split("|") if isinstance(words, str) else words
    return {w.strip(): (kind, value) for w in items if w.strip()}


def _valued(kind: str, table: dict[str, object]) -> dict[str, tuple[str, object]]:
    out: dict[str, tuple[str, object]] = {}
    for words, value in table.items():
        for w in words.split("|"):
            if w.strip():
                out[w.strip()] = (kind, value)
    return out


# --------------------------------------------------------------------------- English

_EN: dict[str, tuple[str, object]] = {}
_EN.update(_entries("LAPW", "lap|lap's", "sg"))
_EN.update(_entries("LAPW", "laps", "pl"))
_EN.update(_entries("PIT", "pit|pits|pitted|pitting|pitstop|pitstops|pit stop|pit stops|pit-stop|pit-stops|"
                           "stop|stops|stopped|stopping|boxed|boxing|box|boxes|came in|pitted in|stopper|in-lap|inlap"))
_EN.update(_entries("NOPIT", "pit-timing|pit timing|pit window|pit-stop window|pit stop window|pit lane|pit-lane|"
                             "pit wall|pit loss|pit-loss"))
_EN.update(_entries("STINTN", "stint|stints"))
_EN.update(_entries("CHG", "switched|switch|switching|switches|changed|change|changing|changes|moved|moving|"
                           "swapped|swap|swapping|went|going|fitted|bolted on|put on|took on|converted|"
                           "transitioned|transition"))
_EN.update(_entries("START", "started|starting|start|starts|began|begin|beginning|opened|opening|"
                             "started the race|started out"))
_EN.update(_entries("STAY", "stayed out|stayed|stay out|staying out|remained|remaining|ran|running|run|"
                            "continued|still|kept running|stretched"))
_EN.update(_valued("NUMW", {"no|zero": 0, "one|single|a single": 1, "two": 2, "three": 3, "four": 4, "five": 5,
                            "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}))
_EN.update(_valued("ORD", {"first|1st|opening|initial": 1, "second|2nd": 2, "third|3rd": 3, "fourth|4th": 4,
                           "fifth|5th": 5, "sixth|6th": 6, "seventh|7th": 7, "eighth|8th": 8, "ninth|9th": 9,
                           "tenth|10th": 10, "eleventh|11th": 11, "twelfth|12th": 12, "thirteenth|13th": 13,
                           "fourteenth|14th": 14, "fifteenth|15th": 15, "sixteenth|16th": 16,
                           "seventeenth|17th": 17, "eighteenth|18th": 18, "nineteenth|19th": 19,
                           "twentieth|20th": 20, "final|last|closing": -1, "middle": 0}))
_EN.update(_valued("CMP", {"soft|softs": "SOFT", "medium|mediums": "MEDIUM", "hard|hards": "HARD",
                           "intermediate|intermediates|inter|inters": "INTERMEDIATE",
                           "wet|wets|full wet|full wets|full-wet|full-wets|extreme wet|extreme wets": "WET",
                           "hypersoft|hypersofts|hyper-soft|hyper-softs": "HYPERSOFT",
                           "ultrasoft|ultrasofts|ultra-soft|ultra-softs": "ULTRASOFT",
                           "supersoft|supersofts|super-soft|super-softs": "SUPERSOFT",
                           "superhard|superhards|super-hard|super-hards": "SUPERHARD",
                           "unknown": "UNKNOWN"}))
_EN.update(_valued("BATTLE", {"undercut|undercuts|undercutting|undercutted|under-cut|under-cutting": "undercut",
                              "overcut|overcuts|overcutting|overcutted|over-cut|over-cutting": "overcut"}))
_EN.update(_entries("OUTP", "worked|works|succeeded|succeeds|successful|successfully|paid off|pays off|"
                            "effective|effectively|was a success|a success|panned out|came off|did the job|"
                            "delivered"))
_EN.update(_entries("OUTN", "failed|fails|unsuccessful|backfired|ineffective|was a failure|a failure|"
                            "fell short|did not pay off|didn't pay off|did not work|didn't work|didnt work"))
_EN.update(_entries("OUTB", "work|succeed|pay off|pan out|come off"))
_EN.update(_entries("NEG", "not|never|no|didn't|didnt|did not|wasn't|was not|isn't|is not|doesn't|does not|"
                           "couldn't|could not|cannot|can't|neither|nor|without|unable to|failed to|opposite|"
                           "contrary|rather than|instead of"))
_EN.update(_entries("GAIN", "gained|gain|gaining|gains|net gain|made up|making up|clawed back|recovered|"
                            "time gained|swing|net advantage|net swing"))
_EN.update(_entries("REDUCE", "reduced|reducing|closed|closing|cut|trimmed|narrowed|extended|increased|"
                              "improved|shrunk|shrank|decreased"))
_EN.update(_entries("GAP", "gap|gaps|interval|margin|deficit|delta|difference|lead"))
_EN.update(_entries("BEFORE", "before|pre-stop|pre-pit|prior|initially|pre-stops|starting gap|beforehand"))
_EN.update(_entries("AFTER", "after|post-stop|post-pit|afterwards|post|post-stops|grew to|increased to|"
                             "rose to|dropped to|shrank to|fell to|ballooned to|widened to"))
_EN.update(_entries("BEHIND", "behind|trailing|adrift"))
_EN.update(_entries("AHEAD", "ahead|in front|clear of|leading"))
_EN.update(_entries("FINISH", "finished|finish|finishing|finishes|crossed the line|classified|came home|"
                              "ended|ending|end the race|ended the race|result|secured|securing|took|"
                              "taking|brought it home|home in"))
_EN.update(_entries("PLACE", "place|position|spot"))
_EN.update(_entries("WIN", "won|won the race|won the grand prix|won the gp|took the win|took victory|"
                           "took the victory|victory|winner|race winner|winning|wins the race|win the race"))
_EN.update(_entries("RACE", "race|grand prix|gp"))
_EN.update(_entries("DEF", "held off|held|holding|hold|kept|keeping|defended|defending|defence|defense|"
                           "held up|at bay|resisted|contained|fended off"))
_EN.update(_entries("PASS", "passed|got past|get past|getting past|overtook|overtake|overtaking|got by|"
                            "made the pass|passing|pass|got through"))
_EN.update(_entries("EVENT", "eventually|finally|ultimately|managed to"))
_EN.update(_entries("TEAMMATE", "teammate|team-mate|team mate|teammates|team-mates"))
_EN.update(_entries("PROTECT", "protect|protected|protecting|protects|shielded|shielding"))
_EN.update(_entries("PURSUER", "pursuer|the chasing driver|chaser"))
_EN.update(_entries("MOVE", "the move|the manoeuvre|the maneuver|the attacker"))
_EN.update(_entries("PRON", "he|his"))
_EN.update(_entries("BOTH", "both|both drivers|the two drivers|each"))
_EN.update(_entries("AVG", "avg|average|averaged|averaging|mean|pace|deg|degradation|lap time|lap times|"
                           "laptime|laptimes|per-lap"))
_EN.update(_entries("YES", "yes|partially|partly"))
_EN.update(_entries("NONE", "none|any|no teammate"))

# --------------------------------------------------------------------------- Spanish

_ES: dict[str, tuple[str, object]] = {}
_ES.update(_entries("LAPW", "vuelta|giro|vta", "sg"))
_ES.update(_entries("LAPW", "vueltas|giros|vtas", "pl"))
_ES.update(_entries("PIT", "parada|paradas|paró|pararon|parar|parando|paraba|detuvo|se detuvo|detenerse|"
                           "entró en boxes|entró a boxes|entró en los boxes|entró en pits|entró|entrar|entrando|"
                           "entraron|boxes|ingresó|pasó por boxes|pasó por los boxes|hizo su parada|"
                           "hizo la parada|hizo boxes|parada en boxes|detención|parado|detenido"))
_ES.update(_entries("NOPIT", "ventana de paradas|ventana de parada|batalla de pit-timing|tiempo en boxes|"
                             "calle de boxes|pit lane"))
_ES.update(_entries("STINTN", "stint|stints|tramo|tramos|tanda|tandas|relevo|relevos"))
_ES.update(_entries("CHG", "cambió|cambiar|cambiando|cambiaron|cambio|cambia|pasó|pasar|pasando|pasaron|"
                           "montó|montar|montando|colocó|calzó|puso|poner|se pasó|optó por"))
_ES.update(_entries("START", "empezó|empezar|empezando|comenzó|comenzar|comenzando|arrancó|arrancar|arrancando|"
                             "inició|iniciar|iniciando|salió|salida|largada|largó|partió|salir"))
_ES.update(_entries("STAY", "permaneció|siguió|continuó|se quedó|quedó|rodó|rodando|aguantó|estiró|alargó|"
                            "prolongó|extendió|aún|todavía|seguía|seguía con|mantuvo el|mantuvo los|mantuvo"))
_ES.update(_valued("NUMW", {"ninguna|ninguno|ningún|cero": 0, "un|una|uno|una sola|un solo|una única|una unica": 1,
                            "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
                            "nueve": 9, "diez": 10}))
_ES.update(_valued("ORD", {"primer|primero|primera|inicial": 1, "segundo|segunda": 2, "tercer|tercero|tercera": 3,
                           "cuarto|cuarta": 4, "quinto|quinta": 5, "sexto|sexta": 6, "séptimo|séptima|septimo": 7,
                           "octavo|octava": 8, "noveno|novena": 9, "décimo|décima|decimo": 10,
                           "undécimo|undécima|decimoprimero|décimo primero": 11,
                           "duodécimo|duodécima|decimosegundo|décimo segundo": 12,
                           "decimotercero|decimotercera|décimo tercero": 13, "decimocuarto|décimo cuarto": 14,
                           "decimoquinto|décimo quinto": 15, "decimosexto|décimo sexto": 16,
                           "decimoséptimo|décimo séptimo": 17, "decimoctavo|décimo octavo": 18,
                           "decimonoveno|décimo noveno": 19, "vigésimo|vigésima": 20,
                           "final|último|última|ultimo|ultima": -1, "central": 0}))
_ES.update(_valued("CMP", {"blando|blandos|blanda|blandas": "SOFT", "medio|medios": "MEDIUM",
                           "duro|duros|dura|duras": "HARD",
                           "intermedio|intermedios|intermedia|intermedias": "INTERMEDIATE",
                           "de lluvia|lluvia extrema|de lluvia extrema|lluvias|neumático de lluvia|"
                           "neumáticos de lluvia|neumático de lluvia extrema|neumáticos de lluvia extrema|"
                           "mojado|mojados": "WET",
                           "hiperblando|hiperblandos": "HYPERSOFT", "ultrablando|ultrablandos": "ULTRASOFT",
                           "superblando|superblandos": "SUPERSOFT", "superduro|superduros": "SUPERHARD",
                           "desconocido": "UNKNOWN"}))
_ES.update(_entries("OUTP", "funcionó|salió bien|tuvo éxito|exitoso|exitosa|con éxito|efectivo|efectiva|eficaz|"
                            "dio resultado|dio sus frutos|surtió efecto|fue un éxito|resultó exitoso|funcionaba"))
_ES.update(_entries("OUTN", "fracasó|falló|fallido|fallida|sin éxito|ineficaz|salió mal|contraproducente|"
                            "no funcionó|no salió bien|no tuvo éxito|no dio resultado"))
_ES.update(_entries("OUTB", "funcionar|salir bien|tener éxito|dar resultado"))
_ES.update(_entries("NEG", "no|nunca|ni|jamás|sin|tampoco|contrario|lo contrario|opuesto"))
_ES.update(_entries("GAIN", "ganó|ganar|ganando|ganancia|ganancias|recuperó|recuperar|recortó|recortar|"
                            "le hicieron ganar|ganaba|ganado|ventaja neta|ganancia neta"))
_ES.update(_entries("REDUCE", "redujo|reducir|reduciendo|amplió|ampliar|aumentó|aumentar|cerró|recortó|"
                              "mejoró|disminuyó"))
_ES.update(_entries("GAP", "brecha|diferencia|hueco|distancia|margen|intervalo|ventaja|desventaja|separación|"
                           "déficit|deficit|diferencial"))
_ES.update(_entries("BEFORE", "antes|previo|previa|al principio|inicialmente|originalmente|antes de"))
_ES.update(_entries("AFTER", "después|despues|tras|posterior|al final|luego|finalmente|después de|tras las"))
_ES.update(_entries("BEHIND", "detrás|atrás|por detrás"))
_ES.update(_entries("AHEAD", "delante|adelante|por delante|al frente|a favor de"))
_ES.update(_entries("FINISH", "terminó|terminar|terminando|finalizó|finalizar|finalizando|acabó|acabar|"
                              "acabando|cruzó la meta|concluyó|se clasificó|llegó|resultado|asegurar|aseguró|"
                              "asegurando|logró|consiguió"))
_ES.update(_entries("PLACE", "lugar|posición|posicion|puesto|plaza"))
_ES.update(_entries("WIN", "ganó la carrera|ganar la carrera|ganó el gran premio|ganó el gp|victoria|"
                           "se llevó la victoria|vencedor|ganador|venció"))
_ES.update(_entries("RACE", "carrera|gran premio|gp"))
_ES.update(_entries("DEF", "mantuvo a|mantuvo detrás|resistió|contuvo|defendió|se defendió|aguantó a|retuvo|"
                           "defensa|tapón|frenó a"))
_ES.update(_entries("PASS", "adelantó|adelantar|adelantando|adelantamiento|superó|superar|rebasó|rebasar"))
_ES.update(_entries("EVENT", "finalmente|al final|acabó adelantando|terminó adelantando"))
_ES.update(_entries("TEAMMATE", "compañero|compañero de equipo|compañera|compañeros|compañero de escudería"))
_ES.update(_entries("PROTECT", "protegió|protegía|proteger|protegiendo|protege|cubrió|cubrir|cubriendo"))
_ES.update(_entries("PURSUER", "perseguidor|el perseguidor"))
_ES.update(_entries("MOVE", "la maniobra|el atacante"))
_ES.update(_entries("PRON", "él|su|sus"))
_ES.update(_entries("BOTH", "ambos|ambas|ambos pilotos|los dos pilotos"))
_ES.update(_entries("AVG", "media|promedio|promedió|promediaba|promediando|promedios|ritmo|degradación|"
                           "desgaste|tiempo por vuelta|de media|tiempo medio|ritmo medio"))
_ES.update(_entries("YES", "sí|parcialmente|en parte"))
_ES.update(_entries("NONE", "ningún"))

# --------------------------------------------------------------------------- Portuguese

_PT: dict[str, tuple[str, object]] = {}
_PT.update(_entries("LAPW", "volta|giro|vta", "sg"))
_PT.update(_entries("LAPW", "voltas|giros|vtas", "pl"))
_PT.update(_entries("PIT", "parou|parar|parando|parada|paradas|pararam|pitou|pitar|pitando|pitaram|"
                           "entrou nos boxes|entrou no box|entrou nos pits|entrou|entrar|entrando|entraram|"
                           "boxes|box|parou nos boxes|parou no box|fez o pit|fez seu pit|fez a parada|"
                           "fez sua parada|parada nos boxes|pitstop|parado|pitado|havia parado|tinha parado"))
_PT.update(_entries("NOPIT", "janela de parada|janela de paradas|janela de pit|batalha de pit-timing|"
                             "pit lane|tempo de box|tempo nos boxes"))
_PT.update(_entries("STINTN", "stint|stints|etapa|etapas|tanda|tandas|trecho de stint"))
_PT.update(_entries("CHG", "trocou|trocar|trocando|troca|trocaram|mudou|mudar|mudando|mudança|passou|passar|"
                           "passando|colocou|colocar|colocando|calçou|montou|optou por|foi para"))
_PT.update(_entries("START", "largou|largar|largando|largada|começou|começar|começando|iniciou|iniciar|"
                             "iniciando|saiu|sair|partiu|abriu"))
_PT.update(_entries("STAY", "permaneceu|ficou|continuou|seguiu|rodou|rodando|estendeu|esticou|prolongou|"
                            "alongou|ainda|manteve o|manteve os"))
_PT.update(_valued("NUMW", {"nenhuma|nenhum|zero": 0, "um|uma|uma só|uma única|uma unica|um só|uma so": 1,
                            "dois|duas": 2, "três|tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
                            "oito": 8, "nove": 9, "dez": 10}))
_PT.update(_valued("ORD", {"primeiro|primeira|inicial": 1, "segundo|segunda": 2, "terceiro|terceira": 3,
                           "quarto|quarta": 4, "quinto|quinta": 5, "sexto|sexta": 6, "sétimo|sétima|setimo": 7,
                           "oitavo|oitava": 8, "nono|nona": 9, "décimo|décima|decimo": 10,
                           "décimo primeiro|décimo-primeiro": 11, "décimo segundo|décimo-segundo": 12,
                           "décimo terceiro": 13, "décimo quarto": 14, "décimo quinto": 15, "décimo sexto": 16,
                           "décimo sétimo": 17, "décimo oitavo": 18, "décimo nono": 19, "vigésimo|vigésima": 20,
                           "final|último|última|ultimo|ultima": -1, "intermediário do meio|do meio": 0}))
_PT.update(_valued("CMP", {"macio|macios|macia|macias": "SOFT", "médio|médios|medio|medios": "MEDIUM",
                           "duro|duros|dura|duras": "HARD",
                           "intermediário|intermediários|intermediária|intermediárias|intermédio|intermédios|"
                           "de chuva intermediário|de chuva intermediários|intermediario|intermediarios":
                               "INTERMEDIATE",
                           "de chuva|chuva extrema|de chuva extrema|pneu de chuva|pneus de chuva|"
                           "pneu de chuva extrema|pneus de chuva extrema|molhado|molhados": "WET",
                           "hipermacio|hipermacios": "HYPERSOFT", "ultramacio|ultramacios": "ULTRASOFT",
                           "supermacio|supermacios": "SUPERSOFT", "superduro|superduros": "SUPERHARD",
                           "desconhecido": "UNKNOWN"}))
_PT.update(_entries("OUTP", "funcionou|deu certo|bem-sucedido|bem-sucedida|bem sucedido|bem sucedida|"
                            "teve sucesso|com sucesso|eficaz|efetivo|efetiva|eficiente|foi um sucesso|"
                            "surtiu efeito|deu resultado|funcionava"))
_PT.update(_entries("OUTN", "falhou|fracassou|sem sucesso|mal-sucedido|malsucedido|mal sucedido|"
                            "mal-sucedida|malsucedida|ineficaz|deu errado|não funcionou|não deu certo|"
                            "nao funcionou"))
_PT.update(_entries("OUTB", "funcionar|dar certo|ter sucesso|dar resultado"))
_PT.update(_entries("NEG", "não|nao|nunca|nem|jamais|sem|tampouco|contrário|contrario|oposto"))
_PT.update(_entries("GAIN", "ganhou|ganhar|ganhando|ganho|ganhos|ganhasse|ganhara|recuperou|recuperar|"
                            "recuperando|renderam um ganho|ganho líquido|vantagem líquida"))
_PT.update(_entries("REDUCE", "reduziu|reduzir|reduzindo|ampliou|ampliar|aumentou|aumentar|fechou|diminuiu|"
                              "encurtou|melhorou|cortou"))
_PT.update(_entries("GAP", "diferença|diferenca|intervalo|margem|vantagem|desvantagem|distância|separação|"
                           "déficit|deficit|brecha"))
_PT.update(_entries("BEFORE", "antes|inicialmente|anterior|prévio|previo|antes das|antes do|antes da"))
_PT.update(_entries("AFTER", "depois|após|apos|posterior|depois das|depois do|depois da|ao final|"
                             "no final|em seguida"))
_PT.update(_entries("BEHIND", "atrás|atras|por trás"))
_PT.update(_entries("AHEAD", "à frente|a frente|na frente|adiante|a favor de"))
_PT.update(_entries("FINISH", "terminou|terminar|terminando|acabou|acabar|chegou|chegar|cruzou a linha|"
                              "finalizou|finalizar|se classificou|concluiu|resultado|garantiu|garantir|"
                              "garantindo|conseguiu"))
_PT.update(_entries("PLACE", "lugar|posição|posicao|colocação|colocacao"))
_PT.update(_entries("WIN", "venceu|venceu a corrida|ganhou a corrida|vencer a corrida|vitória|vencedor|"
                           "ganhou o gp|venceu o gp|venceu o grande prêmio|ganhou o grande prêmio"))
_PT.update(_entries("RACE", "corrida|prova|grande prêmio|grande premio|gp"))
_PT.update(_entries("DEF", "segurou|conteve|manteve|defendeu|resistiu|se defendeu|segurando|contendo|"
                           "defesa|segurar"))
_PT.update(_entries("PASS", "ultrapassou|ultrapassar|ultrapassando|ultrapassagem|superou|superar|passou à frente"))
_PT.update(_entries("EVENT", "finalmente|no fim|acabou ultrapassando|terminou ultrapassando"))
_PT.update(_entries("TEAMMATE", "companheiro|companheiro de equipe|companheiro de equipa|companheira|"
                                "colega de equipe|colega de equipa|companheiros"))
_PT.update(_entries("PROTECT", "protegeu|protegia|proteger|protegendo|protege|cobriu|cobrir"))
_PT.update(_entries("PURSUER", "perseguidor|o perseguidor"))
_PT.update(_entries("MOVE", "a manobra|o atacante"))
_PT.update(_entries("PRON", "ele|seu|sua|seus|suas|dele"))
_PT.update(_entries("BOTH", "ambos|ambas|os dois|os dois pilotos|ambos os pilotos"))
_PT.update(_entries("AVG", "média|media|ritmo|degradação|degradacao|desgaste|tempo médio|ritmo médio|"
                           "tempo por volta|de média"))
_PT.update(_entries("YES", "sim|parcialmente|em parte"))
_PT.update(_entries("NONE", "nenhum"))

LEXICONS: dict[str, dict[str, tuple[str, object]]] = {"en": _EN, "es": _ES, "pt": _PT}

# English entries that are ordinary words of another language ("no" = "in the" in Portuguese).
_EN_CLASHES: dict[str, frozenset[str]] = {"pt": frozenset({"no", "so", "do", "post"}), "es": frozenset({"so"})}


def lexicon_for(lang: str) -> dict[str, tuple[str, object]]:
    """English entries plus the language's own (the language wins a clash)."""
    lang = (lang or "").lower()[:2]
    if lang == "en":
        return dict(_EN)
    merged = {k: v for k, v in _EN.items() if k not in _EN_CLASHES.get(lang, ())}
    if lang in ("es", "pt"):
        merged.update(LEXICONS[lang])
    else:  # unknown language: everything we have
        merged.update(_ES)
        merged.update(_PT)
    return merged


# Compound words that are also everyday words: (previous words that veto, next words that veto).
AMBIGUOUS_COMPOUND_VETO: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "hard": (frozenset({"very", "so", "too", "pushed", "push", "pushing", "pushes", "quite", "how", "it's", "is",
                        "was", "be", "really", "extremely", "harder"}),
             frozenset({"to", "work", "enough", "luck", "fought", "push", "pushing", "racing", "charge"})),
    "soft": (frozenset({"very", "so", "too", "quite"}), frozenset({"spot", "launch"})),
    "medium": (frozenset(), frozenset({"term", "run", "term.", "sized", "pace"})),
    "wet": (frozenset({"the", "a", "in", "damp", "conditions", "was"}),
            frozenset({"conditions", "track", "weather", "race", "start", "session", "spell", "patch"})),
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
    "duro": (frozenset({"más", "mais", "muy", "tan", "golpe", "lo", "muito", "tão", "bastante", "foi", "fue",
                        "muy"}), frozenset({"golpe", "de"})),
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


# Nationality words (EN / ES / PT, singular masculine) -> Ergast nationality.
DEMONYMS: dict[str, str] = {}
for _nat, _words in {
    "British": "british|briton|brit|británico|britânico|inglés|inglês",
    "Spanish": "spaniard|español|espanhol",
    "Finnish": "finn|finnish|finlandés|finlandês",
    "Polish": "pole|polish|polaco|polonês",
    "German": "german|alemán|alemão",
    "French": "frenchman|french|francés|francês",
    "Mexican": "mexican|mexicano",
    "Australian": "australian|australiano",
    "Dutch": "dutchman|dutch|neerlandés|holandés|holandês|neerlandês",
    "Monegasque": "monegasque|monegasco",
    "Canadian": "canadian|canadiense|canadense",
    "Italian": "italian|italiano",
    "Belgian": "belgian|belga",
    "Danish": "dane|danish|danés|dinamarquês",
    "Russian": "russian|ruso|russo",
    "Thai": "thai|tailandés|tailandês",
    "Japanese": "japanese|japonés|japonês",
    "Chinese": "chinese|chino|chinês",
    "Brazilian": "brazilian|brasileño|brasileiro",
    "American": "american|estadounidense|norteamericano|americano|norte-americano",
    "New Zealander": "kiwi|new zealander|neozelandés|neozelandês",
    "Argentine": "argentine|argentinian|argentino",
    "Swiss": "swiss|suizo|suíço",
}.items():
    for _w in _words.split("|"):
        DEMONYMS[_w] = _nat
