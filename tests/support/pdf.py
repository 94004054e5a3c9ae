"""PDF text: the text of each page of a document, a reader of it."""

import io

from pypdf import PdfReader


def pdf_pages(data: bytes) -> list[str]:
    """Text of every page of a PDF."""
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def pdf_reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))
