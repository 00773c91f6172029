"""Local open models as systems: weights on this machine, served over the OpenAI protocol.

* ``weights`` — where a model's weights are (a GGUF file, a Hugging Face checkpoint folder,
  a file an installed package ships, or a hub id) and loading them with ``transformers``
  (optionally with a PEFT LoRA adapter). Heavy imports (torch, transformers, peft) happen
  inside the functions: the core install never needs them (``pip install -e .[finetune]``).
"""
