"""The printable documents: one module per document, each with its context builder and its
`PrintedDocument` class (data, fingerprint, template context).

- `base`: what every document is (`DocumentRequest`, `PrintedDocument`) and the round's
  stored rows most documents print; `form_data` and `decklist_data` hold what two documents
  share (the scoring forms' stored standings, a registered list as the sheets print it).
- one module per document: `bracket_sheets`, `seating_sheet`, `scoring_form`,
  `decklist_sheet`, `all_decklists`, `league_table`, and a one-on-one event's own
  `match_slips`, `pairings` and `swiss_scoring_form`. They import the shared modules above,
  never each other (an import-linter contract keeps it).
- `registry`: which document prints each kind (`DOCUMENTS`, `ONE_ON_ONE_DOCUMENTS`,
  `document_for`).
- `render`: a document's fingerprint, template context, HTML and PDF.

Every figure printed is one the recompute pipeline (`standings.recompute`) stored: places
and points of seats, the event's standings, officials' points and eligibility; a league's
table is the one its page shows (`leagues.services.table`). Nothing here computes a point
or a place, so the paper always matches the site.
"""
