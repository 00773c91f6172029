"""Style-robustness testing: faithful answers in many styles, and a checker.

``styles`` renders answers that state only what an instance's context says, in the
formats real models use (tables, bullets, arrows, bold, race distances, ordinals, signed
gaps, ES/PT vocabulary, code-switching); ``check`` scores them with the project's own
extractor and verifier and lists every claim the verifier marks as contradicted -- each
one a false accusation of a faithful answer.
"""
