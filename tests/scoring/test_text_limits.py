"""A list's size limits, checked before any line is read (scoring/decklist.py: at most
400 lines and 20,000 characters, the project's limits against pasted pages): exactly the
limit passes, one more line is refused with the count and the limit."""

from scoring.decklist import text_limit_problems


def test_four_hundred_lines_pass_and_four_hundred_and_one_are_refused():
    assert text_limit_problems("\n".join(["x"] * 400)) == ()
    (refused,) = text_limit_problems("\n".join(["x"] * 401))
    assert refused.code == "too_many_lines"
    assert (refused.params["count"], refused.params["max"]) == (401, 400)


def test_twenty_thousand_characters_pass_and_one_more_is_refused():
    line = "x" * 49 + "\n"  # 50 characters a line: 400 lines are 20,000 characters
    assert text_limit_problems((line * 400)[:-1] + "x") == ()
    refused = text_limit_problems(line * 400 + "x")
    assert refused[0].code == "text_too_long"
    assert refused[0].params["length"] == 20_001
