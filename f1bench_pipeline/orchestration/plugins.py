"""What the generation engine answers with for the offline template systems.

The engine (``generation.provider``) knows no domain: this module registers every domain's
template answers (``domains.get_domain(name).template_answer``) and revisions of them in a
verifier-guided round (``revise_answer``). ``build_definitions`` imports it, and so does the provider the first time a template
system is asked something nothing is registered for (``provider.PLUGINS``).
"""

from __future__ import annotations

from f1bench_pipeline.discovery import domain_names
from f1bench_pipeline.domains import get_domain
from f1bench_pipeline.generation.provider import register_reviser, register_templates


def _domain_templates(name: str):
    def answer(kind: str, facts_json: str, lang: str, instance_id: str, entities_json: str = "{}", seed: int = 0,
               context_json: str | None = None) -> str:
        # the context only when the rows hold one: a domain written before it existed takes six arguments
        extra = {"context_json": context_json} if context_json else {}
        return get_domain(name).template_answer(kind, facts_json, lang, instance_id, entities_json, seed, **extra)

    return answer


def _domain_reviser(name: str):
    return lambda answer, message: get_domain(name).revise_answer(answer, message)


def register_all() -> None:
    for name in domain_names():
        register_templates(name, _domain_templates(name))
        register_reviser(name, _domain_reviser(name))


register_all()
