"""Clubs (under /<lang>/clubs/) and logging in with a one-time code (/<lang>/account/code/)."""

from django.urls import path

from . import views

urlpatterns = [
    path("clubs/", views.my_clubs, name="my-clubs"),
    path("clubs/new/", views.create, name="club-create"),
    path("clubs/join/", views.join_by_code, name="club-join"),
    path("clubs/join/<str:invite>/", views.invite, name="club-invite"),
    path("clubs/<str:code>/", views.club, name="club"),
    path("clubs/<str:code>/edit/", views.edit, name="club-edit"),
    path("clubs/<str:code>/renew/", views.renew, name="club-renew"),
    path("clubs/<str:code>/leave/", views.leave, name="club-leave"),
    path("clubs/<str:code>/notices/", views.notice_post, name="club-notice"),
    path("clubs/<str:code>/notices/<int:pk>/delete/", views.notice_delete, name="club-notice-delete"),
    path("clubs/<str:code>/members/", views.members, name="club-members"),
    path("clubs/<str:code>/members/add/", views.members_add, name="club-members-add"),
    path("clubs/<str:code>/members/codes/", views.members_codes, name="club-members-codes"),
    path("clubs/<str:code>/members/<int:user_id>/rename/", views.member_rename, name="club-member-rename"),
    path("clubs/<str:code>/members/<int:user_id>/remove/", views.member_remove, name="club-member-remove"),
    path("clubs/<str:code>/members/<int:user_id>/promote/", views.member_promote, name="club-member-promote"),
    path("clubs/<str:code>/members/<int:user_id>/move/", views.member_move, name="club-member-move"),
    path("account/code/", views.code_login, name="code-login"),
    path("account/code/password/", views.code_password, name="code-password"),
]
