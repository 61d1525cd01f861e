"""endgame"""
