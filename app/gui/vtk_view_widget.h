// The Qt <-> VTK bridge: a QOpenGLWidget that lets a vtkGenericOpenGLRenderWindow render into
// Qt's framebuffer and feeds Qt's mouse input to a VTK trackball-camera interactor.
// (VTK's own Qt widgets are built against Qt 5 on Debian 12; README, "The window".)
#pragma once

#include <vtkSmartPointer.h>

#include <QOpenGLWidget>
#include <QPoint>

class vtkGenericOpenGLRenderWindow;
class vtkGenericRenderWindowInteractor;
class vtkRenderWindow;

namespace contactsim::gui {

class VtkViewWidget : public QOpenGLWidget {
  Q_OBJECT

 public:
  explicit VtkViewWidget(QWidget* parent = nullptr);
  ~VtkViewWidget() override;

  // The format VTK's OpenGL2 backend needs. Must be the application's default format, set
  // before QApplication is constructed, so every context (also Qt's own) is compatible.
  static QSurfaceFormat requiredFormat();

  // Attach renderers here; call update() to redraw after changing the scene.
  vtkRenderWindow* renderWindow() const;
  // Wall time spent in VTK's Render calls since construction (s): the profiler's drawing time.
  double renderSeconds() const { return render_seconds_; }

 signals:
  // A left click without dragging, in VTK display coordinates (device pixels, origin at the
  // bottom-left), e.g. for picking.
  void clicked(double vtk_x, double vtk_y);
  // Ctrl+left drag (the mouse spring) instead of a camera move: pressed, each move, released.
  // `horizontal` when Shift was held too at the press.
  void bodyDragStarted(double vtk_x, double vtk_y, bool horizontal);
  void bodyDragMoved(double vtk_x, double vtk_y);
  void bodyDragEnded();

 protected:
  void initializeGL() override;
  void paintGL() override;
  void resizeGL(int width, int height) override;

  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void enterEvent(QEnterEvent* event) override;
  void leaveEvent(QEvent* event) override;

 private:
  // Passes position and modifiers of a Qt event to the interactor in VTK's conventions.
  void setEventInformation(const QPointF& position, Qt::KeyboardModifiers modifiers);
  // VTK's make-current requests arrive outside paintGL too (e.g. when releasing resources).
  // The context's own makeCurrent is used: QOpenGLWidget::makeCurrent would rebind Qt's
  // framebuffer in the middle of a VTK render and leave a black image.
  void makeContextCurrentForVtk();
  // Frees VTK's GL objects while the context still exists (widget or context teardown).
  void releaseGraphicsBeforeContextLoss();
  void releaseGraphics();  // with the context current
  // VTK display coordinates (device pixels, origin bottom-left) of a Qt position.
  QPointF vtkDisplay(const QPointF& position) const;

  vtkSmartPointer<vtkGenericOpenGLRenderWindow> window_;
  vtkSmartPointer<vtkGenericRenderWindowInteractor> interactor_;
  QPoint press_position_;
  bool body_drag_ = false;  // a Ctrl+left drag is on: the camera stays
  bool graphics_initialised_ = false;
  double render_seconds_ = 0.0;
};

}  // namespace contactsim::gui
