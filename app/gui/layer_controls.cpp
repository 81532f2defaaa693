#include "layer_controls.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QMenu>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolBar>
#include <algorithm>

#include "body_trees.h"
#include "simulation_view.h"

namespace contactsim::gui {

namespace {

QString layerTitle(render::Layer layer) {
  using render::Layer;
  switch (layer) {
    case Layer::NormalForces:
      return "Normal forces";
    case Layer::FrictionForces:
      return "Friction forces";
    case Layer::ContactContours:
      return "Contact contours";
    case Layer::ContactPlanes:
      return "Contact planes";
    case Layer::ContactPoints:
      return "Contact points";
    case Layer::PenetratingTriangles:
      return "Penetrating triangles";
    case Layer::IntersectionVolumes:
      return "Intersection volumes";
    case Layer::AabbTree:
      return "AABB tree";
    case Layer::BodyFrames:
      return "Body frames";
    case Layer::Cables:
      return "Cables";
    case Layer::JointAxes:
      return "Joint axes";
    case Layer::TimeStamp:
      return "Time stamp";
    case Layer::GroundGrid:
      return "Ground grid";
  }
  return "?";
}

}  // namespace

LayerControls::LayerControls(QMenu* menu, QToolBar* toolbar, BodyTrees& trees, QObject* parent)
    : QObject(parent),
      newtons_per_metre_(new QDoubleSpinBox(toolbar)),
      logarithmic_(new QCheckBox("log", toolbar)),
      trees_(trees),
      aabb_body_(new QComboBox(toolbar)),
      aabb_depth_(new QSpinBox(toolbar)) {
  QMenu* layers = menu->addMenu("&Layers");
  for (render::Layer layer : render::kAllLayers) {
    QAction* action = layers->addAction(layerTitle(layer));
    action->setCheckable(true);
    action->setChecked(render::presetShows(render::LayerPreset::Default, layer));
    action->setObjectName(QString("layer_") + QString::fromUtf8(render::layerName(layer).data(),
                                                                render::layerName(layer).size()));
    connect(action, &QAction::toggled, this,
            [this, layer](bool visible) { onLayerToggled(layer, visible); });
    actions_[layer] = action;
  }
  toolbar->addAction(actions_[render::Layer::NormalForces]);
  toolbar->addAction(actions_[render::Layer::FrictionForces]);
  toolbar->addAction(actions_[render::Layer::ContactContours]);

  QMenu* presets = menu->addMenu("&Presets");
  presets->addAction("&Default", this, [this] { applyPreset(render::LayerPreset::Default); });
  QAction* clean = presets->addAction("&Clean video (forces only)", this,
                                      [this] { applyPreset(render::LayerPreset::CleanVideo); });
  clean->setObjectName("preset_clean_video");
  presets->addAction("De&bug (everything)", this,
                     [this] { applyPreset(render::LayerPreset::Debug); });
  toolbar->addAction(clean);

  toolbar->addSeparator();
  toolbar->addWidget(new QLabel(" Force scale ", toolbar));
  newtons_per_metre_->setObjectName("force_scale");
  newtons_per_metre_->setRange(1e-6, 1e12);
  newtons_per_metre_->setDecimals(3);
  newtons_per_metre_->setSuffix(" N/m");
  newtons_per_metre_->setKeyboardTracking(false);
  newtons_per_metre_->setToolTip("A force of this many newtons is drawn one metre long");
  newtons_per_metre_->setValue(scale_.newtons_per_metre);
  toolbar->addWidget(newtons_per_metre_);
  logarithmic_->setToolTip("Logarithmic arrow length: small and large forces both readable");
  toolbar->addWidget(logarithmic_);
  connect(newtons_per_metre_, &QDoubleSpinBox::valueChanged, this, &LayerControls::onScaleEdited);
  connect(logarithmic_, &QCheckBox::toggled, this, &LayerControls::onScaleEdited);

  toolbar->addSeparator();
  toolbar->addAction(actions_[render::Layer::AabbTree]);
  aabb_body_->setObjectName("aabb_body");
  aabb_body_->setToolTip("The body whose AABB tree is drawn");
  aabb_body_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  toolbar->addWidget(aabb_body_);
  toolbar->addWidget(new QLabel(" depth ", toolbar));
  aabb_depth_->setObjectName("aabb_depth");
  aabb_depth_->setToolTip("Boxes drawn from the root (depth 0) down to this depth");
  aabb_depth_->setRange(0, 64);  // narrowed to the shown tree's depth once it is known
  aabb_depth_->setValue(3);
  toolbar->addWidget(aabb_depth_);
  connect(aabb_body_, &QComboBox::currentIndexChanged, this, &LayerControls::refreshAabbTree);
  connect(aabb_depth_, &QSpinBox::valueChanged, this, &LayerControls::refreshAabbTree);
}

void LayerControls::setView(render::SimulationView* view) {
  view_ = view;
  if (!view_) return;
  for (const auto& [layer, action] : actions_) view_->setLayerVisible(layer, action->isChecked());
  view_->setForceScale(scale_);
  // The AABB tree waits for setBodies: the body chosen may change with the new scene's names.
}

void LayerControls::setBodies(const QStringList& names) {
  const QString chosen = aabb_body_->currentText();
  {
    const QSignalBlocker blocker(aabb_body_);
    aabb_body_->clear();
    aabb_body_->addItems(names);
    aabb_body_->setCurrentIndex(std::max(0, static_cast<int>(names.indexOf(chosen))));
  }
  refreshAabbTree();
}

void LayerControls::refreshAabbTree() {
  if (!view_) return;
  const int body = aabb_body_->currentIndex();
  // Only a shown layer asks for its tree, which may then be built.
  const AabbTree* tree =
      actions_.at(render::Layer::AabbTree)->isChecked() ? trees_.tree(body) : nullptr;
  if (tree) {
    const QSignalBlocker blocker(aabb_depth_);
    aabb_depth_->setMaximum(std::max(0, tree->depth() - 1));  // deepest node
  }
  view_->debug().setAabbTree(body, tree, aabb_depth_->value());
  emit changed();
}

void LayerControls::applyPreset(render::LayerPreset preset) {
  for (const auto& [layer, action] : actions_) {
    action->setChecked(render::presetShows(preset, layer));  // toggled → view
  }
  emit changed();
}

void LayerControls::onLayerToggled(render::Layer layer, bool visible) {
  if (view_) view_->setLayerVisible(layer, visible);
  if (layer == render::Layer::AabbTree) refreshAabbTree();
  emit changed();
}

render::ForceScale LayerControls::forceScale() const { return scale_; }

void LayerControls::setForceScale(const render::ForceScale& scale) {
  scale_ = scale;
  {
    const QSignalBlocker a(newtons_per_metre_), b(logarithmic_);
    newtons_per_metre_->setValue(scale.newtons_per_metre);
    logarithmic_->setChecked(scale.logarithmic);
  }
  if (view_) view_->setForceScale(scale_);
  emit changed();
}

void LayerControls::onScaleEdited() {
  scale_.newtons_per_metre = newtons_per_metre_->value();
  scale_.logarithmic = logarithmic_->isChecked();
  // The log knee: forces around a hundredth of the linear scale's metre stay linear.
  scale_.log_knee_newtons = std::max(1e-9, 0.01 * scale_.newtons_per_metre);
  if (view_) view_->setForceScale(scale_);
  emit changed();
}

}  // namespace contactsim::gui
