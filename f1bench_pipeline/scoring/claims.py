"""What every domain's claims share: the span of answer text a claim was read from.

Each domain defines its claim types (F1: ``domains/f1/claims.py``; any other domain:
``domains.base.DomainClaim``).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Span(BaseModel):
    model_config = ConfigDict(frozen=True)
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    text: str
