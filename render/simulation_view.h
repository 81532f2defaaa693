// A simulation drawn frame by frame: the scene's bodies (shared mesh data, moved by their poses),
// the contact layer, the debug layers and a time stamp, with per-layer visibility and presets.
// Renders into whatever window its SceneView is attached to (Qt bridge, off-screen capture).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "contact_layer.h"
#include "debug_layers.h"
#include "mouse_spring_layer.h"
#include "scene_view.h"

class vtkTextActor;

namespace contactsim::render {

class SimulationView {
 public:
  // One body per mesh, in scene order; a null mesh is a body without geometry (not drawn, but
  // its pose still places frames, cables and joints). Bodies sharing a mesh share its data.
  explicit SimulationView(std::vector<std::shared_ptr<const TriMesh>> meshes);
  ~SimulationView();
  SimulationView(const SimulationView&) = delete;
  SimulationView& operator=(const SimulationView&) = delete;

  SceneView& scene() { return scene_; }
  ContactLayer& contacts() { return *contacts_; }
  DebugLayers& debug() { return *debug_; }
  // The GUI's mouse spring (hidden unless a drag is on).
  MouseSpringLayer& mouseSpring() { return *mouse_spring_; }
  std::size_t bodyCount() const { return meshes_.size(); }
  // The mesh of scene body `index` (null for a body without mesh).
  const std::shared_ptr<const TriMesh>& mesh(std::size_t index) const { return meshes_.at(index); }
  // The SceneView id of scene body `index` (−1 for a body without mesh).
  BodyId viewId(std::size_t index) const { return view_ids_.at(index); }
  // The scene body drawn as SceneView body `id` (a pick's answer); none for an id no body has.
  std::optional<std::size_t> sceneIndex(BodyId id) const;

  // Moves the bodies (scene order; extra or missing entries are ignored).
  void setBodyPoses(std::span<const Pose> poses);
  // Poses, contacts, debug layers and time stamp of one frame. The first call sets the scene
  // scale (from the bodies' posed bounds) and frames the camera; later calls move nothing but
  // what the frame moves (see fitToScene to refit).
  void update(const SimulationFrame& frame);
  // The frame update drew last; null before the first.
  const SimulationFrame* frame() const { return frame_ ? &*frame_ : nullptr; }
  // Scene scale of the layers from the bodies' current bounds, and a camera reset.
  void fitToScene();

  void setLayerVisible(Layer layer, bool visible);
  bool layerVisible(Layer layer) const;
  void applyPreset(LayerPreset preset);

  void setForceScale(const ForceScale& scale) { contacts_->setForceScale(scale); }
  const ForceScale& forceScale() const { return contacts_->forceScale(); }
  // A force scale that draws the largest force of `frame` (normal or friction) `fraction` of the
  // scene scale long and clamps arrows at `max_fraction` of it; unchanged without forces.
  void fitForceScale(const SimulationFrame& frame, double fraction = 0.25,
                     double max_fraction = 0.6);

  // "t = 1.234 s"; the text height follows the window height.
  void setTime(double seconds);

 private:
  void onOverlayRenderStart();

  std::vector<std::shared_ptr<const TriMesh>> meshes_;
  SceneView scene_;
  std::vector<BodyId> view_ids_;
  std::unique_ptr<ContactLayer> contacts_;
  std::unique_ptr<DebugLayers> debug_;
  std::unique_ptr<MouseSpringLayer> mouse_spring_;
  vtkSmartPointer<vtkTextActor> time_text_;
  std::optional<SimulationFrame> frame_;
  unsigned long render_start_observer_ = 0;
  bool fitted_ = false;
};

}  // namespace contactsim::render
