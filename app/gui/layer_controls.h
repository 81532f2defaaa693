// Visualisation controls: a checkable action per layer (View ▸ Layers and a toolbar), the presets
// (default, clean video, debug), the force scale (N per metre, logarithmic), and which body's AABB
// tree the AABB layer draws down to which depth. The controls hold the state and apply it to
// whichever SimulationView is current (a new scene gets the same look).
#pragma once

#include <QObject>
#include <map>

#include "force_scale.h"
#include "layers.h"

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QMenu;
class QSpinBox;
class QToolBar;

namespace contactsim::render {
class SimulationView;
}

namespace contactsim::gui {

class BodyTrees;

class LayerControls : public QObject {
  Q_OBJECT

 public:
  // The AABB layer draws trees from `trees` (outlives the controls).
  LayerControls(QMenu* menu, QToolBar* toolbar, BodyTrees& trees, QObject* parent = nullptr);

  // Applies the current state to `view` (may be null: nothing shown).
  void setView(render::SimulationView* view);
  // The bodies the AABB layer may show, in scene order; keeps the chosen body if its name is
  // still there.
  void setBodies(const QStringList& names);
  // Redraws the AABB layer from the trees (call when they changed).
  void refreshAabbTree();
  // The trees the AABB layer draws: the run's contact trees, others built for it once.
  const BodyTrees& trees() const { return trees_; }
  QAction* action(render::Layer layer) const { return actions_.at(layer); }
  void applyPreset(render::LayerPreset preset);
  void setForceScale(const render::ForceScale& scale);  // updates the widgets too
  render::ForceScale forceScale() const;
  QComboBox* aabbBodyBox() const { return aabb_body_; }
  QSpinBox* aabbDepthBox() const { return aabb_depth_; }

 signals:
  void changed();  // something visible changed: redraw

 private:
  void onLayerToggled(render::Layer layer, bool visible);
  void onScaleEdited();

  render::SimulationView* view_ = nullptr;
  std::map<render::Layer, QAction*> actions_;
  QDoubleSpinBox* newtons_per_metre_;
  QCheckBox* logarithmic_;
  BodyTrees& trees_;
  QComboBox* aabb_body_;
  QSpinBox* aabb_depth_;
  render::ForceScale scale_;
};

}  // namespace contactsim::gui
