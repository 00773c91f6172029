"""The offline template systems as a litellm custom provider (``f1bench/<system>``).

The default run therefore goes through exactly the path a paid model takes —
``litellm.acompletion``, the engine's concurrency, cache, retries and accounting — only
the last hop is served here instead of over HTTP.

How the template knows the answer: a template must answer from the *oracle*, which is
not in the chat messages (the messages hold the context the model sees). The engine
passes the instance's oracle in the call's litellm ``metadata`` under ``"f1bench"``
(``{"domain", "id", "lang", "facts", "entities", "seed"}``, and the structured ``context`` when the rows hold it) — only for ``f1bench/`` models, so the oracle
never leaves the process — and the handler reads it from ``litellm_params["metadata"]``.
The oracle's digest and the domain's template version are part of the cache key of these calls
(``Domain.offline_cache_extra``), so a rebuilt oracle or a changed template is answered afresh.

Models: ``f1bench/template-faithful``, ``f1bench/template-noisy``, ``f1bench/template-terse``
(the part after ``template-`` selects the template). Given a conversation with an earlier
answer (a verifier-guided round), every template revises that answer by applying the edit
instructions of the last message, as a careful model would. Usage is reported as
characters/4 (a rough token count); cost is 0.

The answers come from the domains, not from this module: each domain registers its templates
(:func:`register_templates`, keyed by the ``domain`` of the metadata) and
each domain's reviser of them in verifier-guided rounds (:func:`register_reviser`). The modules in ``PLUGINS`` do
that when imported; they are imported the first time an answer finds nothing registered, so a
process that only calls the engine (a worker, a test) gets the same answers as a Dagster run.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any

from f1bench_pipeline.generation.registry import OFFLINE_PROVIDER

METADATA_KEY = "f1bench"
KINDS = ("faithful", "noisy", "terse")  # the templates every domain answers with

#: ``(kind, facts_json, lang, instance_id, entities_json, seed, context_json) -> answer``
TemplateAnswer = Callable[[str, str, str, str, str, int, str | None], str]
#: ``(previous answer, the message asking for edits) -> revised answer``
Reviser = Callable[[str, str], str]

#: Modules that register every domain's templates and the reviser when imported.
PLUGINS = ("f1bench_pipeline.orchestration.plugins",)

_TEMPLATES: dict[str, TemplateAnswer] = {}
_REVISERS: dict[str, Reviser] = {}


def register_templates(domain: str, answer: TemplateAnswer) -> None:
    """The template answers of ``domain`` (the ``domain`` key of the call's metadata)."""
    _TEMPLATES[domain] = answer


def register_reviser(domain: str, revise: Reviser) -> None:
    """How ``domain``'s template revises its earlier answer when a later message asks for edits."""
    _REVISERS[domain] = revise


def _load_plugins() -> None:
    for module in PLUGINS:
        importlib.import_module(module)


def _templates(domain: str) -> TemplateAnswer:
    if domain not in _TEMPLATES:
        _load_plugins()
    if domain not in _TEMPLATES:
        raise ValueError(f"unknown domain {domain!r}; known: {', '.join(sorted(_TEMPLATES))}")
    return _TEMPLATES[domain]


def _reviser(domain: str) -> Reviser:
    if domain not in _REVISERS:
        _load_plugins()
    if domain not in _REVISERS:
        raise ValueError(f"no reviser registered for verifier-guided rounds of {domain!r}'s template systems")
    return _REVISERS[domain]


def _kind(model: str) -> str:
    name = model.split("/", 1)[-1]
    kind = name[len("template-"):] if name.startswith("template-") else name
    if kind not in KINDS:
        raise ValueError(f"unknown offline system {model!r}: expected f1bench/template-{{{','.join(KINDS)}}}")
    return kind


def answer_for(model: str, messages: list[dict], litellm_params: dict | None) -> str:
    meta = ((litellm_params or {}).get("metadata") or {}).get(METADATA_KEY)
    if not isinstance(meta, dict) or "facts" not in meta or "domain" not in meta:
        raise ValueError("f1bench template systems need the instance's domain and oracle in metadata['f1bench'] "
                         "(the generation engine passes them: generation.plan.item_for)")
    kind = _kind(model)
    previous = [m for m in messages if m.get("role") == "assistant"]
    if previous:  # a verifier-guided round: revise the latest answer as the instructions say
        return _reviser(str(meta["domain"]))(str(previous[-1].get("content") or ""),
                                             str(messages[-1].get("content") or ""))
    answer = _templates(str(meta["domain"]))
    return answer(kind, meta["facts"], meta.get("lang", "en"), meta.get("id", ""),
                  meta.get("entities", "{}"), int(meta.get("seed", 0)), meta.get("context"))


def install_template_provider(litellm: Any) -> None:
    """Register the handler in ``litellm.custom_provider_map`` (idempotent)."""
    if any(item.get("provider") == OFFLINE_PROVIDER for item in litellm.custom_provider_map):
        return

    class TemplateLLM(litellm.CustomLLM):
        def _respond(self, model: str, messages: list, litellm_params: dict | None) -> Any:
            try:
                text = answer_for(model, messages, litellm_params)
            except ValueError as exc:
                from litellm.llms.custom_llm import CustomLLMError

                raise CustomLLMError(status_code=400, message=str(exc)) from None
            prompt_chars = sum(len(str(m.get("content") or "")) for m in messages)
            prompt_tokens, completion_tokens = max(1, prompt_chars // 4), max(0, len(text) // 4)
            return litellm.ModelResponse(
                model=model, created=int(time.time()),
                choices=[{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
                usage={"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                       "total_tokens": prompt_tokens + completion_tokens},
            )

        def completion(self, model, messages, *args, litellm_params=None, **kwargs):  # noqa: ANN001
            return self._respond(model, messages, litellm_params)

        async def acompletion(self, model, messages, *args, litellm_params=None, **kwargs):  # noqa: ANN001
            return self._respond(model, messages, litellm_params)

    litellm.custom_provider_map = [*litellm.custom_provider_map,
                                   {"provider": OFFLINE_PROVIDER, "custom_handler": TemplateLLM()}]
    from litellm.utils import custom_llm_setup

    custom_llm_setup()
