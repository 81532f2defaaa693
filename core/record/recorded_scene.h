// The scene a recording was made from, rebuilt from the recording alone: the scene file's text it
// stores, with each body's mesh taken from the recording rather than from the mesh files, which
// may have moved or gone since (a recording is meant to stand alone).
#pragma once

#include <memory>
#include <span>

#include "record/recording_reader.h"
#include "scene/scene.h"

namespace contactsim {

// `meshes`: the recording's meshes in body order as the caller already decoded them to draw
// (RecordingReader::mesh), null or empty for a body without one; they are copied into the scene,
// not read again. Throws SceneError (naming the recorded scene's path) when the stored text is
// not a scene this program reads, or RecordingError when its bodies do not match the recording's.
Scene recordedScene(const RecordingReader& reader,
                    std::span<const std::shared_ptr<const TriMesh>> meshes);

}  // namespace contactsim
