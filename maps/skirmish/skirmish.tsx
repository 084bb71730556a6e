<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="skirmish" tilewidth="24" tileheight="28" tilecount="16" columns="8" objectalignment="bottomleft">
 <grid orientation="orthogonal" width="24" height="28"/>
 <image source="skirmish_tiles.png" width="192" height="56"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="plains"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="desert"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="forest"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="swamp"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="terrain" value="mountain"/>
   </properties>
  </tile>
  <tile id="6">
   <properties>
    <property name="terrain" value="water"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="neutral" type="bool" value="true"/>
   </properties>
  </tile>
  <tile id="8">
   <properties>
    <property name="marker" value="city"/>
   </properties>
  </tile>
  <tile id="9">
   <properties>
    <property name="marker" value="capital"/>
   </properties>
  </tile>
  <tile id="10">
   <properties>
    <property name="marker" value="neutral_city"/>
   </properties>
  </tile>
  <tile id="11">
   <properties>
    <property name="marker" value="infantry"/>
   </properties>
  </tile>
  <tile id="12">
   <properties>
    <property name="marker" value="archer"/>
   </properties>
  </tile>
  <tile id="13">
   <properties>
    <property name="marker" value="cavalry"/>
   </properties>
  </tile>
  <tile id="14">
   <properties>
    <property name="terrain" value="road"/>
   </properties>
  </tile>
  <tile id="15">
   <properties>
    <property name="terrain" value="plains"/>
   </properties>
  </tile>
</tileset>
