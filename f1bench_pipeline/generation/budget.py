"""What a call will cost before it is made: the spending cap's and the dry-run's estimates.

Every figure here is an *estimate* (the recorded cost of a call is litellm's, after it
returns — ``call.response_cost``):

* prompt tokens: ``litellm.token_counter(model=..., messages=...)`` — the model's own
  tokenizer where litellm has it, else tiktoken's; characters / 4 for the offline
  templates, and when the counter fails;
* output tokens: the system's *output budget* — ``max_completion_tokens`` /
  ``max_tokens`` / ``max_output_tokens`` of its params, else the model's maximum output in
  litellm's model map, else ``expected_output_tokens``. A reasoning model's hidden
  reasoning tokens are billed as output and count against that budget, so a reasoning
  model's call can cost up to the whole budget, far above a typical visible answer;
* prices: the registry's ``input_cost_per_token`` / ``output_cost_per_token`` when set,
  else litellm's cost map (``litellm.cost_per_token``); offline systems cost 0.
"""

from __future__ import annotations

from typing import Any

from f1bench_pipeline.generation.registry import System

CHARS_PER_TOKEN = 4.0
OUTPUT_BUDGET_PARAMS = ("max_completion_tokens", "max_tokens", "max_output_tokens")


def free(system: System) -> bool:
    """Costs nothing whatever it answers (offline templates, local models, price 0)."""
    return system.offline or (system.input_cost_per_token == 0 and system.output_cost_per_token == 0)


def output_budget(system: System) -> tuple[int, str]:
    """(max output tokens of one call, where the figure comes from)."""
    for key in OUTPUT_BUDGET_PARAMS:
        v = system.params.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and v > 0:
            return v, key
    if not system.offline and system.local is None:
        from f1bench_pipeline.generation.llm import get_litellm

        try:
            info = get_litellm().get_model_info(system.model)
            n = info.get("max_output_tokens") or info.get("max_tokens")
        except Exception:  # noqa: BLE001 - an unmapped model
            n = None
        if isinstance(n, int) and n > 0:
            return n, "model's max output (litellm)"
    return system.expected_output_tokens, "expected_output_tokens"


def chars_tokens(messages: list[dict[str, Any]]) -> int:
    return int(sum(len(str(m.get("content") or "")) for m in messages) / CHARS_PER_TOKEN)


def prompt_tokens(system: System, messages: list[dict[str, Any]]) -> tuple[int, str]:
    """(prompt tokens of one call, how they were counted)."""
    if free(system) or system.local is not None:
        return chars_tokens(messages), "characters/4"
    from f1bench_pipeline.generation.llm import get_litellm

    try:
        return int(get_litellm().token_counter(model=system.model, messages=messages)), "litellm token_counter"
    except Exception:  # noqa: BLE001 - a tokenizer that cannot load: the rough count
        return chars_tokens(messages), "characters/4"


def call_cost(system: System, prompt: int, completion: int) -> tuple[float | None, str]:
    """(USD of one call of ``prompt`` + ``completion`` tokens or None when unknown, price source)."""
    if system.offline:
        return 0.0, "offline"
    if system.input_cost_per_token is not None or system.output_cost_per_token is not None:
        return (prompt * (system.input_cost_per_token or 0.0) + completion * (system.output_cost_per_token or 0.0),
                "registry prices")
    from f1bench_pipeline.generation.llm import cost_per_token

    priced = cost_per_token(system.model, prompt, completion)
    if priced is None:
        return None, "not in litellm's cost map: set input/output_cost_per_token"
    return sum(priced), "litellm cost map"


def worst_call_cost(system: System, messages: list[dict[str, Any]]) -> float | None:
    """The estimated cost of one call that spends the system's whole output budget."""
    if system.offline:
        return 0.0
    budget, _ = output_budget(system)
    return call_cost(system, prompt_tokens(system, messages)[0], budget)[0]
