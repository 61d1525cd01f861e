"""The tests' one helpers package: real games through the engine and the store, the phones'
game night, browser plumbing and the crash test's child process."""
