"""The argument models' schemas are the specs' schemas (names, types, enums, defaults, bounds)."""

import json
from pathlib import Path

import pytest

from codementor_desktop.tools.schemas import ARGUMENT_MODELS, inline_schema, openai_tool

# The specs' schemas and BluePrint's example calls, kept with the tests (a clone has no specs).
SPEC = json.loads((Path(__file__).resolve().parent.parent / "data" / "spec_interfaces.json").read_text("utf-8"))
SCHEMAS: dict[str, dict] = SPEC["schemas"]
EXAMPLES: dict[str, dict] = SPEC["blueprint_examples"]


def test_the_specs_print_the_expected_tools():
    assert set(SCHEMAS) == {
        "execute_code", "analyze_code_patterns", "get_personalized_recommendation",
        "escalate_for_insight", "conclude_session",
    }  # fmt: skip
    assert len(EXAMPLES) == 8


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schema_equals_the_spec(name):
    spec = SCHEMAS[name]
    ours = inline_schema(ARGUMENT_MODELS[name])
    assert ours["type"] == "object"
    assert sorted(ours["required"]) == sorted(spec.get("required", []))
    for field, want in spec["properties"].items():
        assert field in ours["properties"], f"{name}.{field} missing"
        got = ours["properties"][field]
        assert got.get("type") == want.get("type"), f"{name}.{field} type"
        for key in ("enum", "default", "minimum", "maximum"):
            if key in want:
                assert got.get(key) == want[key], f"{name}.{field} {key}"
        if "items" in want:
            for key in ("type", "enum"):
                if key in want["items"]:
                    assert got["items"].get(key) == want["items"][key], f"{name}.{field} items {key}"
            for sub, sub_want in want["items"].get("properties", {}).items():
                assert got["items"]["properties"][sub]["type"] == sub_want["type"]
    extra_required = set(ours["required"]) - set(spec["properties"])
    assert not extra_required


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_blueprint_arguments_exist_with_their_options(name):
    properties = inline_schema(ARGUMENT_MODELS[name])["properties"]
    for field, value in EXAMPLES[name].items():
        assert field in properties, f"{name}.{field}"
        if isinstance(value, str) and "|" in value and " " not in value:
            options = value.split("|")
            enum = properties[field].get("enum") or properties[field].get("items", {}).get("enum")
            assert enum is not None and set(options) <= set(enum), f"{name}.{field}: {options} vs {enum}"


def test_max_steps_bounds_follow_the_design():
    schema = inline_schema(ARGUMENT_MODELS["bp_trace"])["properties"]["max_steps"]
    assert (schema["default"], schema["minimum"], schema["maximum"]) == (1000, 1, 100000)


@pytest.mark.parametrize("name", sorted(ARGUMENT_MODELS))
def test_schemas_are_inlined_for_small_models(name):
    text = json.dumps(openai_tool(name))
    assert "$ref" not in text and "$defs" not in text
    assert '"null"' not in text
    assert "anyOf" not in text
