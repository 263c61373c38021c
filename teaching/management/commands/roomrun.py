"""A load run of "Ask the room" on the production stack: python manage.py roomrun [--phones 40]
[--servers 1] [--seconds 10]

It starts gunicorn (2 workers each) on loopback with production settings on the database the
environment names (DATABASE_URL, or SQLite), makes a club with an organiser and `phones` members, a
teaching table and a question, logs everyone in, then within `seconds` every phone opens the
question and answers (one in four taps twice, one in four changes its answer), spread over the
servers, while the projector asks for the count every 2 s. It prints the p50/p95 of an answer, of
opening the question and of the projector's count, the errors, how many answers were counted
(exactly one per phone is right) and how long after the last answer the projector showed them all.
Figures, never tests: nothing here asserts on time. It writes to the database it is given: use a
throwaway one.
"""

import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.management.commands.loadrun import Browser, Server, pct, production_env
from games.ui import site_games

PASSWORD = "roomrun-plum-kettle-93"
POLL = 2.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Command(BaseCommand):
    help = "Load-run Ask the room: many phones answering one question within a few seconds."

    def add_arguments(self, parser):
        parser.add_argument("--phones", type=int, default=40)
        parser.add_argument("--servers", type=int, choices=(1, 2), default=1)
        parser.add_argument("--seconds", type=float, default=10.0)

    def handle(self, *args, **opts):
        from clubs import services
        from clubs.models import Membership
        from teaching import positions
        from teaching.models import Answer, Question, TeachingTable

        work = Path(tempfile.mkdtemp(prefix="roomrun-"))
        env = production_env("roomrun")
        manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]
        for step in (["collectstatic", "--noinput", "-v0"], ["migrate", "-v0"]):
            subprocess.run(manage + step, env=env, check=True)
        users = get_user_model()
        stamp = f"{int(time.time())}"
        organiser = users.objects.create_user(f"rr-o-{stamp}", password=PASSWORD)
        club = services.create_club(organiser, "Room run")
        names = [f"rr-{stamp}-{i}" for i in range(opts["phones"])]
        for name in names:
            Membership.objects.create(club=club, user=users.objects.create_user(name, password=PASSWORD))
        game = site_games()[0]
        players = min(game.player_counts)
        table = TeachingTable.objects.create(club=club, created_by=organiser, game=game.slug, players=players,
                                             code="", start=game.to_text(game.new("roomrun", players)))
        servers = [Server(free_port(), env, work / f"gunicorn-{i}.log") for i in range(opts["servers"])]
        try:
            for s in servers:
                s.start()
            ports = [s.port for s in servers]

            def logged_in(name, port):
                b = Browser(ports)
                if not b.log_in(name, PASSWORD, port):
                    raise RuntimeError(f"{name} could not log in")
                return b

            teacher = logged_in(organiser.username, ports[0])
            base = f"/en/clubs/{club.code}/teach/{table.token}/"
            teacher.request("POST", base + "ask/", {"step": "0"}, port=ports[0])
            question = Question.objects.get(table=table)
            state = positions.states(table)[0]
            legal = [str(a) for a in game.legal_actions(state, question.seat)]
            phones = [logged_in(name, ports[i % len(ports)]) for i, name in enumerate(names)]
            self.stdout.write(f"gunicorn, 2 workers x {len(servers)} server(s), database "
                              f"{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}; {len(phones)} phones "
                              f"answering within {opts['seconds']:.0f} s, the projector polling every {POLL:.0f} s")
            answers, opens, polls, errors, lock = [], [], [], [], threading.Lock()
            done = threading.Event()
            last_answer = [0.0]
            all_seen = [None]

            def phone(i, browser):
                rng = random.Random(i)
                time.sleep(rng.random() * opts["seconds"])
                port = ports[i % len(ports)]
                room = f"/en/room/{question.code}/"
                t = time.monotonic()
                status, _h, _b = browser.request("GET", room, port=port)
                with lock:
                    opens.append(time.monotonic() - t)
                    if status != 200:
                        errors.append(f"open {status}")
                taps = 2 if i % 4 == 1 else 1
                choice = {"action": legal[i % len(legal)]}
                for tap in range(taps):
                    t = time.monotonic()
                    status, _h, _b = browser.request("POST", room, choice, port=ports[(i + tap) % len(ports)])
                    with lock:
                        answers.append(time.monotonic() - t)
                        last_answer[0] = max(last_answer[0], time.monotonic())
                        if status != 302:
                            errors.append(f"answer {status}")
                if i % 4 == 2:  # a change of mind
                    status, _h, _b = browser.request("POST", room, {"action": legal[-1]}, port=port)
                    with lock:
                        last_answer[0] = max(last_answer[0], time.monotonic())
                        if status != 302:
                            errors.append(f"change {status}")

            def projector():
                while not done.is_set():
                    t = time.monotonic()
                    status, _h, body = teacher.request("GET", base + f"ask/{question.pk}/count/", port=ports[0])
                    with lock:
                        polls.append(time.monotonic() - t)
                        if status != 200:
                            errors.append(f"count {status}")
                    found = re.search(rb"(\d+) answers?", body)
                    if found and int(found.group(1)) == len(names) and all_seen[0] is None:
                        all_seen[0] = time.monotonic()
                    if all_seen[0] is not None:
                        return
                    time.sleep(POLL)

            watcher = threading.Thread(target=projector)
            watcher.start()
            threads = [threading.Thread(target=phone, args=(i, b)) for i, b in enumerate(phones)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(120)
            watcher.join(opts["seconds"] + 30)
            done.set()
            counted = Answer.objects.filter(question=question).count()
            changed = sum(1 for i in range(len(names)) if i % 4 == 2)
            right = sum(1 for a in Answer.objects.filter(question=question).select_related("user")
                        if a.action == (legal[-1] if int(a.user.username.rsplit("-", 1)[1]) % 4 == 2
                                        else legal[int(a.user.username.rsplit("-", 1)[1]) % len(legal)]))
            self.stdout.write(f"  answers: {len(answers)} posts, p50 {pct(answers, 50) * 1000:.0f} ms, "
                              f"p95 {pct(answers, 95) * 1000:.0f} ms; opening the question p95 "
                              f"{pct(opens, 95) * 1000:.0f} ms")
            self.stdout.write(f"  projector's count: {len(polls)} polls, p95 {pct(polls, 95) * 1000:.0f} ms; all "
                              f"{len(names)} shown "
                              + (f"{all_seen[0] - last_answer[0]:.1f} s after the last answer" if all_seen[0]
                                 else "never"))
            self.stdout.write(f"  counted {counted} answers for {len(names)} phones ({changed} changed, "
                              f"{right} hold the phone's last choice); errors {len(errors)}"
                              + (f": {', '.join(sorted(set(errors)))}" if errors else ""))
        finally:
            for s in servers:
                s.stop()
            shutil.rmtree(work, ignore_errors=True)
