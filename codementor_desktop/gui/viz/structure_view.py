"""The Structure tab: one variable drawn as what it is (array, tree, graph, linked list, grid, stack,
queue, hash map), following the step cursor, with what the step changed filled in yellow."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QRectF
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from .scene_boxes import BucketsScene, CellsScene, ChainScene
from .scene_grid import GridScene
from .scene_kit import Scene
from .scene_nodes import NodesScene
from .structure_model import SHAPES, Drawing, StructureReader, candidates
from .timeline import StepState, TraceTimeline

SCENE_OF = {"array": "cells", "stack": "cells", "queue": "cells", "linked_list": "chain", "hash_map": "buckets",
            "matrix": "grid", "tree": "nodes", "graph": "nodes"}  # fmt: skip
SHAPE_NAMES = {"auto": "detected shape", "linked_list": "linked list", "hash_map": "hash map", "matrix": "grid"}
KEY = "yellow: changed at this step · blue: where a pointer is"
# The smallest area a drawing is fitted into, so that three cells do not fill the whole tab.
MIN_EXTENT = {"array": (14.0, 3.0), "queue": (14.0, 3.0), "stack": (8.0, 7.0), "linked_list": (16.0, 3.0),
              "hash_map": (14.0, 8.0), "matrix": (8.0, 5.0)}  # fmt: skip


def tr(text: str) -> str:
    return QCoreApplication.translate("StructureView", text)


def _at_least(rect: QRectF, width: float, height: float) -> QRectF:
    grown = QRectF(rect)
    if grown.width() < width:
        grown.setLeft(rect.center().x() - width / 2)
        grown.setWidth(width)
    if grown.height() < height:
        grown.setTop(rect.center().y() - height / 2)
        grown.setHeight(height)
    return grown


class StructureView(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("structureView")
        self.reader = StructureReader()
        self.source = ""
        self.drawing: Drawing | None = None
        self._names: tuple[str, ...] = ()
        self._chosen: str | None = None
        self._picked = False  # the learner chose the variable: keep it even where it is out of scope
        self._fitted: tuple[tuple[str, str], QRectF] | None = None
        self._state: StepState | None = None

        self.variable = QComboBox(objectName="structureVariable")
        self.variable.setMinimumContentsLength(10)
        self.variable.activated.connect(self._variable_picked)
        self.shape = QComboBox(objectName="structureShape")
        for shape in SHAPES:
            self.shape.addItem(SHAPE_NAMES.get(shape, shape), shape)
        self.shape.currentIndexChanged.connect(lambda _i: self._redraw())
        self.note = QLabel(tr("Trace your code to draw its data here."), objectName="structureNote")
        self.note.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(QLabel(tr("Draw")))
        top.addWidget(self.variable)
        top.addWidget(QLabel(tr("as")))
        top.addWidget(self.shape)
        top.addStretch(1)

        self.plot = pg.PlotWidget(background="w", enableMenu=False)  # no menus built: none is offered
        self.plot.setObjectName("structurePlot")
        item = self.plot.getPlotItem()
        item.hideAxis("left")
        item.hideAxis("bottom")
        item.setMenuEnabled(False)
        item.hideButtons()
        item.getViewBox().invertY(True)
        self.scenes: dict[str, Scene] = {
            "cells": CellsScene(item), "chain": ChainScene(item), "buckets": BucketsScene(item),
            "grid": GridScene(item), "nodes": NodesScene(item),
        }  # fmt: skip
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(self.plot, 1)

    # -- what the panel tells it ------------------------------------------------------------------

    def reset(self, timeline: TraceTimeline) -> None:
        """A new trace: forget the drawing, keep the learner's choice of variable if it comes back."""
        self.reader = StructureReader(timeline)
        self.source = timeline.source
        self.drawing = None
        self._fitted = None
        self._state = None
        self._picked = False  # a new run: the learner's variable is kept only where it exists
        for scene in self.scenes.values():
            scene.set_visible(False)

    def forget_choices(self) -> None:
        """A new problem: the variable and the shape chosen were about the last one's data."""
        self._chosen = None
        self._picked = False
        self._names = ()
        self.variable.clear()
        self.shape.blockSignals(True)
        self.shape.setCurrentIndex(0)  # the detected shape
        self.shape.blockSignals(False)
        self.note.setText(tr("Trace your code to draw its data here."))

    def show_state(self, state: StepState) -> None:
        self._state = state
        names = tuple(candidates(state, self.reader.timeline.shapes))
        if self._picked and self._chosen is not None and self._chosen not in names:
            names += (self._chosen,)  # still offered: drawn again where it is in scope
        if names != self._names:
            self._names = names
            self.variable.blockSignals(True)
            self.variable.clear()
            self.variable.addItems(list(names))
            self.variable.blockSignals(False)
        if self._chosen not in names and names and not self._picked:
            self._chosen = names[0]
        if self._chosen in names:
            self.variable.setCurrentIndex(names.index(self._chosen))
        self._redraw()

    def choose(self, name: str, shape: str = "auto") -> None:
        """Draw ``name`` (as ``shape``) from now on; the learner's combo boxes do the same."""
        self._chosen = name
        self._picked = True
        self.shape.blockSignals(True)
        self.shape.setCurrentIndex(max(0, SHAPES.index(shape) if shape in SHAPES else 0))
        self.shape.blockSignals(False)
        if name in self._names:
            self.variable.setCurrentIndex(self._names.index(name))
        self._redraw()

    def _variable_picked(self, index: int) -> None:
        if 0 <= index < len(self._names):
            self._chosen = self._names[index]
            self._picked = True
            self._redraw()

    def _redraw(self) -> None:
        state = self._state
        if state is None or self._chosen is None:
            return
        shape = self.shape.currentData() or "auto"
        drawing = self.reader.read(state, self._chosen, shape, self.source)
        self.drawing = drawing
        wanted = SCENE_OF.get(drawing.kind) if drawing.model is not None else None
        for key, scene in self.scenes.items():
            if key != wanted and scene.visible:
                scene.set_visible(False)
        if wanted is None:
            self.note.setText(drawing.note)
            return
        scene = self.scenes[wanted]
        self.plot.getPlotItem().getViewBox().setAspectLocked(scene.aspect_locked or drawing.kind == "graph")
        rect = _at_least(scene.show(drawing), *MIN_EXTENT.get(drawing.kind, (0.0, 0.0)))
        self.note.setText(f"<b>{drawing.variable}</b>: {drawing.note} <span style='color:#607d8b'>{KEY}</span>")
        self._fit((drawing.variable, drawing.kind), rect)

    def _fit(self, key: tuple[str, str], rect: QRectF) -> None:
        # Keep the learner's zoom while the drawing stays inside what was fitted.
        if self._fitted is not None and self._fitted[0] == key and self._fitted[1].contains(rect):
            return
        if self._fitted is not None and self._fitted[0] == key:
            rect = rect.united(self._fitted[1])
        self._fitted = (key, rect)
        self.plot.getPlotItem().getViewBox().setRange(rect, padding=0.04)
