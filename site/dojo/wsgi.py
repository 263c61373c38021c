"""WSGI entry point: gunicorn --pythonpath site dojo.wsgi"""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dojo.settings")
application = get_wsgi_application()
