print("jose: not built yet")
