"""Generation mode: the bank's seeded worst-case inputs, with expected outputs computed by the
reference solution (trusted code from the problem file, run in the child all the same)."""

import random

try:
    from . import fastjson, judge, literals, structures
except ImportError:
    import fastjson
    import judge
    import literals
    import structures


def run_generate(job, workdir, send):
    namespace = {}
    exec(compile(job["generator"], "<generator>", "exec"), namespace)  # noqa: S102 - bank code
    generate = namespace["generate"]
    reference = job["code"]
    function = job.get("function") or {}
    code_object, path = judge.compile_solution(reference, workdir)
    session = judge.Session(job, workdir)
    for index, size in enumerate(job.get("sizes", [])):
        args = generate(size, random.Random(index))
        text = fastjson.dumps(args)[1:-1]
        module, outcome = judge.run_module(session, code_object, reference)
        target = judge.find_entry_point(module, code_object, function.get("name"))
        if job.get("compare") == "operations":
            operations, arguments = args

            def play(target=target, operations=operations, arguments=arguments):
                instance = target(*arguments[0])
                out = [None]
                for name, call_args in zip(operations[1:], arguments[1:]):
                    out.append(structures.encode(getattr(instance, name)(*call_args)))
                return out

            outcome = session.call(play, [], {})
        else:
            types_ = [p.get("type", "") for p in function.get("params", [])]
            decoded = [structures.decode(a, types_[i]) if i < len(types_) else a for i, a in enumerate(args)]
            outcome = session.call(target, decoded, {})
            if "exception" not in outcome and function.get("inplace") is not None:
                outcome["value"] = decoded[function["inplace"]]
        if "exception" in outcome:
            send("internal_error", message="reference failed on size %d: %r" % (size, outcome["exception"]))
            return
        expected = literals.to_jsonable(structures.encode(outcome["value"], function.get("returns")))
        send("generated", index=index, size=size, input=text, expected_output=fastjson.dumps(expected))
