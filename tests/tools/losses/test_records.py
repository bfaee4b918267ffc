"""The loss records round-trip through the disk cache's JSON unchanged."""

from __future__ import annotations

import json

from tools.losses.build import all_records, decode, encode


def test_records_survive_the_disk_cache():
    records = all_records()
    assert decode(json.loads(json.dumps(encode(records)))) == records


def test_docstring_parameters_survive_sphinx_roles():
    from tools.losses.introspect import docstring_parameters

    doc = (
        "Summary.\n\nArgs:\n"
        "    alpha_init (:obj:`float`, optional): initial ``alpha``. Defaults to 1.0.\n"
        "    actor (:class:`~tensordict.nn.TensorDictModule`): the policy.\n"
        "        .. note:: it must write ``action``.\n"
    )
    params = docstring_parameters(doc)
    assert params == {
        "alpha_init": "initial `alpha`. Defaults to 1.0.",
        "actor": "the policy. *Note:* it must write `action`.",
    }


def test_parameters_documented_but_not_named_are_reported():
    from tools.losses.build import record_of

    # TD3Loss's docstring describes `spec`; its constructor names `action_spec`.
    record = record_of("TD3Loss")
    assert "spec" in record.documented_only and "action_spec" not in record.documented_only
    assert record.param_docs["num_qvalue_nets"]
