"""Tooling over the library: the command line, batch scoring, rule-set comparison and the generators of
docs/dsl.md and rules/schema. Nothing else in fanrules imports it."""
