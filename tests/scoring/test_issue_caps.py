"""The engine lists at most `MAX_ISSUES` issues and counts the rest in one more, whose words
agree with the count: "and 1 more issue", "and 2 more issues" (one language rule for every
count, SPEC §8's refusals named at their place)."""

from scoring.eventlimits import MAX_ISSUES, cap_issues
from scoring.model import IssueCode, issue


def _issues(n: int):
    return [issue(f"players[{i}]", IssueCode.NOT_OBJECT, "must be an object") for i in range(n)]


def test_within_the_limit_nothing_is_counted():
    assert len(cap_issues(_issues(MAX_ISSUES))) == MAX_ISSUES


def test_one_over_the_limit_is_one_more_issue():
    capped = cap_issues(_issues(MAX_ISSUES + 1))
    assert len(capped) == MAX_ISSUES + 1
    assert capped[-1].code == IssueCode.MORE_ISSUES
    assert capped[-1].message.endswith("and 1 more issue")


def test_two_over_the_limit_are_two_more_issues():
    assert cap_issues(_issues(MAX_ISSUES + 2))[-1].message.endswith("and 2 more issues")


def test_a_capped_list_capped_again_keeps_its_count():
    """The import page caps the engine's answer once more: 160 issues are 50 shown and
    "and 110 more issues", however often the list is capped."""
    once = cap_issues(_issues(160))
    twice = cap_issues(once)
    assert twice == once
    assert twice[-1].message.endswith("and 110 more issues")
