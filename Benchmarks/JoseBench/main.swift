print("jose-bench: not built yet")
