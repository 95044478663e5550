"""The argument models' schemas are the specs' schemas (names, types, enums, defaults, bounds)."""

import json
import re

import pytest

from codementor_desktop.tools.schemas import ARGUMENT_MODELS, inline_schema, openai_tool
from tests.conftest import SPEC_DIR


def _balanced_json(text: str, start: int) -> str:
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return text[start : index + 1]
    raise ValueError("unbalanced")


def spec_schemas() -> dict[str, dict]:
    """Every ``{"name": ..., "parameters": ...}`` block printed in the specs."""
    found = {}
    for path in sorted(SPEC_DIR.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r'\{\s*"name":\s*"(\w+)",\s*"description"', text):
            block = json.loads(_balanced_json(text, match.start()))
            if "parameters" in block:
                found[block["name"]] = block["parameters"]
    return found


def spec_example_arguments() -> dict[str, dict]:
    """BluePrint's example calls (with their // comments removed)."""
    text = (SPEC_DIR / "002_15929fd79769e64a.txt").read_text(encoding="utf-8")
    found = {}
    for match in re.finditer(r'\{\s*"function":\s*"(\w+)"', text):
        raw = _balanced_json(text, match.start())
        raw = re.sub(r"//[^\n]*", "", raw)
        raw = raw.replace("{ ... }", "{}")
        found[match.group(1)] = json.loads(raw)["arguments"]
    return found


SCHEMAS = spec_schemas()
EXAMPLES = spec_example_arguments()


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
