"""The fused functions of the shipped rule sets, one generated module per fused source (see dsl/prefused.py)."""
