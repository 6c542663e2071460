"""engramdb.Options binds every field of include/engram/options.h (read from the header, so a
field added there without a binding fails here), with the header's default."""

import os
import re

import engramdb
import pytest

HEADER = os.path.join(os.path.dirname(__file__), "..", "..", "include", "engram", "options.h")
# Not bound, on purpose: the Python engine always runs on the system clock.
NOT_BOUND = {"clock"}


def header_fields():
    text = open(HEADER).read()
    body = text[text.index("struct Options {"):]
    body = body[:body.index("\n};")]
    body = re.sub(r"//[^\n]*", "", body)
    fields = re.findall(r"^\s*[\w:<>]+\*?\s+\*?(\w+)\s*(?:=\s*([^;]+))?;", body, re.M)
    return {name: default.strip() if default else None for name, default in fields}


def literal(text):
    if text in ("true", "false"):
        return text == "true"
    if text.startswith('"'):
        return text.strip('"')
    return float(text)


def test_header_parsing_finds_the_fields():
    fields = header_fields()
    assert len(fields) >= 49 and "weight_graph" in fields and "ttl_hours_state" in fields
    assert fields["embedder"] == '"e5"' and fields["e5_model_path"] is None


@pytest.mark.parametrize("name", sorted(set(header_fields()) - NOT_BOUND))
def test_field_is_bound_with_the_header_default(name):
    o = engramdb.Options()
    assert hasattr(o, name), f"Options.{name} is not bound (python/bindings/types.cc)"
    default = header_fields()[name]
    value = getattr(o, name)
    if default is None:
        assert value == ""
    else:
        assert value == literal(default), f"Options.{name}: {value!r} != header {default}"
    setattr(o, name, value)  # writable


def test_nothing_bound_that_the_header_lacks():
    bound = {n for n in dir(engramdb.Options()) if not n.startswith("_")}
    assert bound - set(header_fields()) == set()
