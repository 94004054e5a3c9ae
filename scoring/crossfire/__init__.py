"""Converter from the CrossFire deck editor's card database to the project's card data set.

`tcl` reads Tcl lists, `database` turns `DataBase/*.tcl` into rows, `__main__` writes them:
`python -m scoring.crossfire CROSSFIRE_DIR OUT_DIR`.
"""
