"""home"""
