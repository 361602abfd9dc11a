"""JSON objects as the engine writes them. Read back, a value is only trusted after it is
checked, so the functions that read JSON take `object` and narrow it."""

JsonObject = dict[str, object]
