"""The production server's entry point: gunicorn --pythonpath site dojo.serve:application --preload

The same application as dojo.wsgi (which the development server uses), made ready before it answers
anyone (dojo.ready). With --preload that is done once, in gunicorn's first process, and every
worker forked from it starts ready."""

from dojo import ready
from dojo.wsgi import application

ready.prepare()

__all__ = ["application"]
