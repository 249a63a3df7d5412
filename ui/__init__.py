"""The pygame front end. The only package allowed to import pygame."""
