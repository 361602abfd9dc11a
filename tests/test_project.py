import engine


def test_engine_package_imports() -> None:
    assert engine.__doc__
