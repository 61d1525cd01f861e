"""phones"""
