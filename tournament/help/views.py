"""The user guide's pages: the table of contents and one chapter, in the reader's language."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from tournament.help import guide


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "help/index.html", {"chapters": guide.chapters(get_language())})


def chapter(request: HttpRequest, slug: str) -> HttpResponse:
    found = guide.chapter(slug, get_language())
    if found is None:
        raise Http404(slug)
    return render(
        request,
        "help/chapter.html",
        {"chapter": found, "chapters": guide.chapters(get_language())},
    )
