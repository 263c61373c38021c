"""Homework, under a club: /<lang>/clubs/<code>/homework/..."""

from django.urls import path

from . import views

urlpatterns = [
    path("clubs/<str:code>/homework/", views.index, name="homework"),
    path("clubs/<str:code>/homework/new/", views.set_new, name="homework-new"),
    path("clubs/<str:code>/homework/<int:pk>/", views.set_edit, name="homework-edit"),
    path("clubs/<str:code>/homework/<int:pk>/delete/", views.set_delete, name="homework-delete"),
    path("clubs/<str:code>/homework/<int:pk>/items/", views.item_add, name="homework-item-add"),
    path("clubs/<str:code>/homework/<int:pk>/items/<int:item_pk>/move/", views.item_move, name="homework-item-move"),
    path("clubs/<str:code>/homework/<int:pk>/items/<int:item_pk>/remove/", views.item_remove,
         name="homework-item-remove"),
    path("clubs/<str:code>/homework/<int:pk>/items/<int:item_pk>/start/", views.start_deal, name="homework-start"),
    path("clubs/<str:code>/homework/<int:pk>/results/", views.grid, name="homework-grid"),
    path("clubs/<str:code>/homework/<int:pk>/results.csv", views.grid_csv, name="homework-csv"),
    path("clubs/<str:code>/homework/<int:pk>/items/<int:item_pk>/members/<int:user_pk>/", views.attempt,
         name="homework-attempt"),
    path("clubs/<str:code>/homework/<int:pk>/items/<int:item_pk>/members/<int:user_pk>/deal/<int:number>/",
         views.deal_steps, name="homework-deal-steps"),
]
