"""Per-language date formats (FORMAT_MODULE_PATH): one way of writing a date per language.

Short and long formats are the same so a date reads alike on every page; Brazilian month
names are lower case ("21 de novembro de 2026"), as Portuguese writes them — the names come
from the project's pt-BR translations of Django's month names.
"""
