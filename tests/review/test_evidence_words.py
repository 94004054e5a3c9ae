"""The review's activity lines in Brazilian Portuguese: neutral wording (nothing guesses
whether the person is a man or a woman) and counts that agree with their number."""

from django.utils import translation

from tournament.review.evidence import _by_whom


def test_what_an_official_did_for_someone_names_no_gender():
    with translation.override("pt-br"):
        where, text = _by_whom(1, 2, "check-in feito", {2: "Ann Organiser"})
    assert where == "for_him"
    assert text == "check-in feito por Ann Organiser, não pela própria pessoa"
    assert " dele" not in text and " dela" not in text


def test_an_officials_count_agrees_with_its_number():
    from django.utils.translation import ngettext

    def registered(count: int) -> str:
        return ngettext("registered %(count)d player", "registered %(count)d players", count) % {
            "count": count
        }

    with translation.override("pt-br"):
        assert [registered(n) for n in (1, 2)] == ["inscreveu 1 jogador", "inscreveu 2 jogadores"]
    with translation.override("en"):
        assert registered(1) == "registered 1 player"
