// The scene being edited, one job of the main window: the document that Save scene writes and
// every run is built from, and the one way an edit reaches it. An edit is applied, the run is
// rebuilt from the edited document, and the document is restored when the edit throws or the
// edited scene does not build, so the run shown is always the document's. The body and law
// forms, the time step, "Lift clear", mesh import and the Scene menu's editor all commit through
// it; the window supplies the rebuild. Testable without the window.
#pragma once

#include <QObject>
#include <QString>
#include <functional>

#include "scene_document.h"

namespace contactsim::gui {

class EditedScene : public QObject {
  Q_OBJECT

 public:
  // `rebuild` builds a run from the document; it returns false after reporting why.
  EditedScene(std::function<bool()> rebuild, QObject* parent);

  // Replacing the document (a scene opened) is the caller's, which then rebuilds itself.
  SceneDocument& document() { return document_; }
  const SceneDocument& document() const { return document_; }

  // Applies `edit` and rebuilds (a SceneCommit). False, with the document as it was, when the
  // rebuild fails (it has reported the reader's error) or `edit` throws (emitted as failed).
  bool commit(const SceneEdit& edit);

 signals:
  // An edit that threw, for the window's reporter.
  void failed(const QString& title, const QString& text);

 private:
  SceneDocument document_;
  std::function<bool()> rebuild_;
};

}  // namespace contactsim::gui
