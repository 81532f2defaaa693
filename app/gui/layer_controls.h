// Visualisation controls: a checkable action per layer (View ▸ Layers and a toolbar), the presets
// (default, clean video, debug) and the force scale (N per metre, logarithmic). The controls hold
// the state and apply it to whichever SimulationView is current (a new scene gets the same look).
#pragma once

#include <QObject>
#include <map>

#include "force_scale.h"
#include "layers.h"

class QAction;
class QCheckBox;
class QDoubleSpinBox;
class QMenu;
class QToolBar;

namespace contactsim::render {
class SimulationView;
}

namespace contactsim::gui {

class LayerControls : public QObject {
  Q_OBJECT

 public:
  LayerControls(QMenu* menu, QToolBar* toolbar, QObject* parent = nullptr);

  // Applies the current state to `view` (may be null: nothing shown).
  void setView(render::SimulationView* view);
  QAction* action(render::Layer layer) const { return actions_.at(layer); }
  void applyPreset(render::LayerPreset preset);
  void setForceScale(const render::ForceScale& scale);  // updates the widgets too
  render::ForceScale forceScale() const;

 signals:
  void changed();  // something visible changed: redraw

 private:
  void onLayerToggled(render::Layer layer, bool visible);
  void onScaleEdited();

  render::SimulationView* view_ = nullptr;
  std::map<render::Layer, QAction*> actions_;
  QDoubleSpinBox* newtons_per_metre_;
  QCheckBox* logarithmic_;
  render::ForceScale scale_;
};

}  // namespace contactsim::gui
